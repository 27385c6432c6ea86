import type { Catalog } from '../catalog.js';

/**
 * A marketplace error as the blogger reads it (src/errors.ts `MarketplaceError`, src/marketplace/classify.ts):
 * the frame around the marketplace's own words, our fix-it hints and what "no answer" was. Keys `market.`.
 */
export const marketplaceMessages = {
  'market.failed': {
    cs: 'Tržiště: {where} selhalo: {status}{code}: {message}{hint}{support}',
    en: 'Marketplace {where} failed: {status}{code}: {message}{hint}{support}',
  },
  'market.hint': { cs: ' — {hint}', en: ' — {hint}' },
  'market.support': { cs: ' (kód pro podporu {code})', en: ' (support code {code})' },
  'market.hint.invalid_key': {
    cs: 'tržiště API klíč odmítlo: vytvořte v nastavení účtu nový klíč (API klíče) a nastavte marketplace.apiKey',
    en: 'the marketplace rejected the API key: create a new key in the account settings (API keys) and set marketplace.apiKey',
  },
  'market.hint.missing_scope': {
    cs: 'API klíči chybí oprávnění „write“: vytvořte klíč s oprávněním read a write a nastavte marketplace.apiKey',
    en: 'the API key lacks the "write" scope: create a key with read and write permission and set marketplace.apiKey',
  },
  'market.no_answer.timeout': { cs: 'žádná odpověď do {ms} ms', en: 'no answer within {ms} ms' },
  'market.no_answer.aborted': { cs: 'požadavek byl zrušen', en: 'the request was cancelled' },
  'market.no_answer.network': { cs: 'chyba sítě: {cause}', en: 'network error: {cause}' },
} as const satisfies Catalog;
