import type { DealRunState } from '../../deals/lifecycle.js';
import type { Catalog, CatalogEntry } from '../catalog.js';

/**
 * pressbridge's run states (src/deals/lifecycle.ts `DEAL_RUN_STATES`) as the blogger reads them: a new state
 * without its label does not build (and test/unit/i18n/catalog.test.ts enumerates them).
 */
export const stateMessages = {
  'state.received': { cs: 'přijato', en: 'received' },
  'state.waiting_approval': { cs: 'čeká na schválení textu', en: 'waiting for approval' },
  'state.processing': { cs: 'zpracovává se', en: 'processing' },
  'state.fetching': { cs: 'stahuje se', en: 'fetching' },
  'state.fetched': { cs: 'staženo', en: 'fetched' },
  'state.rendering': { cs: 'připravuje se', en: 'rendering' },
  'state.publishing': { cs: 'publikuje se', en: 'publishing' },
  'state.published': { cs: 'publikováno', en: 'published' },
  'state.verifying': { cs: 'ověřuje se', en: 'verifying' },
  'state.handing_in': { cs: 'odevzdává se', en: 'handing in' },
  'state.handed_in': { cs: 'odevzdáno', en: 'handed in' },
  'state.retrying': { cs: 'zkusí se znovu', en: 'retrying' },
  'state.skipped': { cs: 'přeskočeno', en: 'skipped' },
  'state.handled': { cs: 'vyřízeno ručně', en: 'handled by hand' },
  'state.failed': { cs: 'selhalo', en: 'failed' },
  'state.deadline_missed': { cs: 'termín zmeškán', en: 'deadline missed' },
  'state.closed': { cs: 'uzavřeno tržištěm', en: 'closed by the marketplace' },
  'state.held': { cs: 'zadrženo k posouzení', en: 'held for your look' },
  'state.refused': { cs: 'odmítnuto', en: 'refused' },
} as const satisfies Catalog & Record<`state.${DealRunState}`, CatalogEntry>;
