/**
 * The evidence store and its bundler built from the config: the one wiring the daemon (src/main.ts), the
 * status page's download and `pressbridge evidence` share.
 */
import { type Clock, systemClock } from '../clock.js';
import type { Config } from '../config/schema.js';
import { createTranslator } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import { createEvidenceBundler } from './bundle.js';
import { createEvidenceStore, evidenceDirOf } from './store.js';
import type { EvidenceBundler, EvidenceStore } from './types.js';

export interface EvidenceServices {
  store: EvidenceStore;
  bundler: EvidenceBundler;
}

export function createEvidenceServices(
  config: Pick<Config, 'dataDir' | 'evidence' | 'ui' | 'watch'>,
  options: { log: Logger; clock?: Clock },
): EvidenceServices {
  const clock = options.clock ?? systemClock;
  const store = createEvidenceStore({
    dir: evidenceDirOf(config),
    settings: config.evidence,
    clock,
    log: options.log,
  });
  const bundler = createEvidenceBundler({
    store,
    t: createTranslator(config.ui.language, config.ui.timeZone),
    timeZone: config.ui.timeZone,
    clock,
    afterPayoutMonths: config.watch.afterPayoutMonths,
  });
  return { store, bundler };
}
