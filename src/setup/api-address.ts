/**
 * The marketplace API address of step a, for both fronts: what it is and where it comes from (beside the field on
 * the /setup page, before the question in `pressbridge setup`), and the refusal of an answer that is no http(s)
 * address at all, said before anything is sent. An address that answers, but not as the marketplace does, is
 * the engine's `wrong_address` check (./engine.ts).
 */
import type { Check } from '../checks.js';
import { parseBaseUrl } from '../marketplace/origin.js';
import { DEFAULT_SANDBOX_URL } from '../sandbox/defaults.js';
import { both } from './text.js';
import type { SetupText } from './wordpress/types.js';

/** The API document's own name for the service root (marketplace-api-v1.md: "The service root is written {base_url}"). */
const DOCUMENT_NAME = '{base_url}';

export function apiAddressHint(): SetupText {
  return both('setup.key.address_hint', { name: DOCUMENT_NAME, sandbox: DEFAULT_SANDBOX_URL });
}

/** A failed `key` check when `baseUrl` is not an http(s) URL (the client would refuse it in its own words). */
export function apiAddressProblem(baseUrl: string): Check<SetupText> | undefined {
  try {
    parseBaseUrl(baseUrl);
    return undefined;
  } catch {
    // What was typed is shown back cut short: it is the blogger's own answer, on the token holder's page.
    const message = both('setup.key.not_url', { url: baseUrl.trim().slice(0, 200) });
    return { id: 'key', status: 'fail', detail: message, fix: apiAddressHint() };
  }
}
