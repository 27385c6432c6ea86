/**
 * What a failed offer means and what to do, for the page, the CLI and the automatic offer alike (catalog
 * `demand.offer.error.*`, src/i18n/messages/demands.ts). Pure: one table from the marketplace's error code (or
 * ours, for input refused before any request) to a phrase and what the failure makes of the demand.
 *
 * | code                     | meaning                                              | then                         |
 * |--------------------------|------------------------------------------------------|------------------------------|
 * | nabidka_existuje (409)   | the blog already has a deal on the demand            | treated as offered (repeat)  |
 * | nizka_vyssi_nabidka (422)| a higher bid not above the base reward               | fix the reward               |
 * | poptavka_nedostupna (404)| the demand is no longer available to the blog        | the demand is marked gone    |
 * | blog_neuplny (422)       | no minimum price, visitors older than a month, or    | fix the blog in the web app  |
 * |                          | approval pending                                     |                              |
 * | chybi_scope (403)        | the API key is read-only                             | a key with scope `write`     |
 * | spatna_role (403)        | not the blogger's blog, or an advertiser's key       | the blogger's key            |
 * | chybi_klic/neplatny_klic | no key, or a revoked one                             | a new key in the settings    |
 * | retryable (429, 5xx, net)| the marketplace did not take it now                  | try again later              |
 * | anything else            | the marketplace's own words                          | shown as they came           |
 */
import { MarketplaceError, type Phrase } from '../errors.js';
import { ERROR_CODES } from '../marketplace/schema.js';

/** Input refused before any request (ours, not the marketplace's). */
export const INPUT_CODES = [
  'reward_not_integer',
  'reward_not_above_base',
  'note_too_long',
  'unknown_demand',
] as const;
export type InputCode = (typeof INPUT_CODES)[number];

export interface OfferFailure {
  /** The marketplace's code, ours for input (`INPUT_CODES`), or `retryable` / `other`. */
  code: string;
  /** What it means and what to do, in the blogger's language when said. */
  said: Phrase;
  /** Trying the same again later may work (429, 5xx, no answer). */
  retryable: boolean;
  /** The demand is no longer available (mark it gone). */
  gone: boolean;
}

const KNOWN: Readonly<Record<string, string>> = {
  [ERROR_CODES.lowHigherBid]: 'demand.offer.error.nizka_vyssi_nabidka',
  [ERROR_CODES.demandUnavailable]: 'demand.offer.error.poptavka_nedostupna',
  [ERROR_CODES.blogIncomplete]: 'demand.offer.error.blog_neuplny',
  [ERROR_CODES.missingScope]: 'demand.offer.error.chybi_scope',
  [ERROR_CODES.wrongRole]: 'demand.offer.error.spatna_role',
  [ERROR_CODES.missingKey]: 'demand.offer.error.neplatny_klic',
  [ERROR_CODES.invalidKey]: 'demand.offer.error.neplatny_klic',
};

/** Whether the error says an offer of this blog on the demand exists already (409 `nabidka_existuje`). */
export function isRepeatOffer(error: unknown): boolean {
  return error instanceof MarketplaceError && error.code === ERROR_CODES.offerExists;
}

export function inputFailure(code: InputCode, params?: Phrase['params']): OfferFailure {
  const key = `demand.offer.error.${code}`;
  return { code, said: params ? { key, params } : { key }, retryable: false, gone: false };
}

/** The failure an error of `makeOffer` (or `declineDemands`) means. */
export function offerFailureOf(error: unknown): OfferFailure {
  if (!(error instanceof MarketplaceError)) {
    return { code: 'other', said: { key: 'demand.offer.error.other' }, retryable: false, gone: false };
  }
  const key = KNOWN[error.code];
  if (key !== undefined) {
    return {
      code: error.code,
      said: { key },
      retryable: false,
      gone: error.code === ERROR_CODES.demandUnavailable,
    };
  }
  if (error.retryable) {
    return { code: 'retryable', said: { key: 'demand.offer.error.retryable' }, retryable: true, gone: false };
  }
  return {
    code: error.code,
    said: { key: 'demand.offer.error.other_code', params: { code: error.code, detail: error.detail } },
    retryable: false,
    gone: false,
  };
}
