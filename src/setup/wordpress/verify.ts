/**
 * The checks with the credentials, in the order a failure stops them: the REST API answering, the
 * Authorization header reaching PHP and the password (told apart by plugins/wordpress/credentials.ts), the
 * user's capabilities, then the test draft (test-draft.ts).
 */

import { createWordPressClient, type WordPressClient } from '../../../plugins/wordpress/client.js';
import {
  codeSettlesRefusal,
  probePasswordOverXmlRpc,
  refusalCause,
} from '../../../plugins/wordpress/credentials.js';
import { WordPressErrorCode } from '../../../plugins/wordpress/errors.js';
import { BadJsonFailure, HttpFailure } from '../../../plugins/wordpress/failures.js';
import { WpUser } from '../../../plugins/wordpress/wp-schema.js';
import type { Check } from '../../checks.js';
import type { Clock } from '../../clock.js';
import { PublishError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { failed, passed, text } from './messages.js';
import { saidOfFailure } from './said.js';
import { runTestDraft } from './test-draft.js';
import type { SetupText, WordPressCredentials } from './types.js';

export const VERIFY_TIMEOUT_MS = 30_000;

export interface VerifyDeps {
  fetch: typeof fetch;
  clock: Clock;
  log?: Logger | undefined;
}

/** The capabilities pressbridge needs, with the words for them. */
const CAPABILITIES = [
  { capability: 'publish_posts', id: 'publish-posts', what: 'capability.publish_posts' },
  { capability: 'upload_files', id: 'upload-files', what: 'capability.upload_files' },
] as const;

/** The site's address from a REST root: `https://x.cz/wp-json/` or `https://x.cz/?rest_route=/` → `https://x.cz`. */
export function siteOfRoot(restRoot: string): string {
  const url = new URL(restRoot);
  url.search = '';
  url.hash = '';
  return url
    .toString()
    .replace(/\/wp-json\/?$/, '')
    .replace(/\/+$/, '');
}

/** The checks for a `users/me` that failed. */
async function refusedChecks(
  deps: VerifyDeps,
  client: WordPressClient,
  credentials: WordPressCredentials,
  error: unknown,
): Promise<Check<SetupText>[]> {
  const site = client.site.replace(/^https?:\/\//, '');
  const cause = error instanceof PublishError ? error.cause : undefined;
  if (error instanceof PublishError && error.code === WordPressErrorCode.noRestApi) {
    return [failed('rest-api', 'rest.not_found', { site, tried: credentials.restRoot })];
  }
  if (cause instanceof BadJsonFailure) {
    return [failed('rest-api', 'rest.html', { url: credentials.restRoot, said: saidOfFailure(error) })];
  }
  if (!(cause instanceof HttpFailure) || cause.status >= 500 || cause.status === 429) {
    return [failed('rest-api', 'unavailable', { site, said: saidOfFailure(error) })];
  }
  if (cause.status === 403 || (cause.status === 401 && cause.body === undefined)) {
    // Not WordPress's refusal of a login: a firewall's page, or a plugin's own error.
    return cause.body === undefined
      ? [failed('rest-api', 'rest.blocked', { site, said: saidOfFailure(error) })]
      : [failed('password', 'password.refused_other', { said: saidOfFailure(error) })];
  }
  if (cause.status !== 401) {
    return [failed('rest-api', 'rest.not_found', { site, tried: credentials.restRoot })];
  }
  const code = cause.body?.code;
  const known = client.knownRoot();
  const siteUrl = known ? known.adminUrl.replace(/wp-admin\/$/, '') : siteOfRoot(credentials.restRoot);
  const probe = codeSettlesRefusal(code)
    ? undefined
    : await probePasswordOverXmlRpc(siteUrl, credentials.username, credentials.applicationPassword, {
        fetch: deps.fetch,
      });
  const user = credentials.username;
  const verdict = refusalCause(code, probe, credentials.applicationPassword);
  deps.log?.info({ site: client.site, code, probe, verdict }, 'wordpress setup: credentials refused');
  switch (verdict) {
    case 'wrong-password':
      return [
        ...(codeSettlesRefusal(code) ? [passed('authorization-header', 'header.ok')] : []),
        failed('password', 'password.wrong', { user }),
      ];
    case 'login-password':
      return [failed('password', 'password.login', { user })];
    case 'header-stripped':
      return [failed('authorization-header', 'header.stripped')];
    case 'application-passwords-disabled':
      return code === 'application_passwords_disabled_for_user'
        ? [failed('application-passwords', 'app_passwords.user_off', { user })]
        : [failed('application-passwords', 'app_passwords.off', { site })];
    case 'undetermined':
      return [failed('password', 'password.undetermined')];
  }
}

/** Every check with the credentials; stops at the first failure that makes the next ones meaningless. */
export async function verifyWordPress(
  deps: VerifyDeps,
  credentials: WordPressCredentials,
): Promise<Check<SetupText>[]> {
  const client = createWordPressClient({
    url: siteOfRoot(credentials.restRoot),
    username: credentials.username,
    applicationPassword: credentials.applicationPassword,
    restRoot: credentials.restRoot,
    timeoutMs: VERIFY_TIMEOUT_MS,
    fetch: deps.fetch,
    log: deps.log,
  });
  let user: WpUser;
  try {
    user = await client.request(WpUser, {
      method: 'GET',
      route: '/wp/v2/users/me',
      query: { context: 'edit', _fields: 'id,name,slug,capabilities' },
    });
  } catch (error) {
    return await refusedChecks(deps, client, credentials, error);
  }
  const checks: Check<SetupText>[] = [
    passed('authorization-header', 'header.ok'),
    passed('password', 'password.ok', {
      name: user.name ?? credentials.username,
      user: credentials.username,
    }),
  ];
  let missing = false;
  for (const { capability, id, what } of CAPABILITIES) {
    const params = { user: credentials.username, what: text(what).en, capability };
    const may = user.capabilities?.[capability] === true;
    missing ||= !may;
    checks.push(
      may
        ? { id, status: 'ok', detail: localized('capability.ok', params, what) }
        : {
            ...failed(id, 'capability.missing', params),
            detail: localized('capability.missing', params, what),
          },
    );
  }
  if (missing) return checks;
  checks.push(...(await runTestDraft({ ...deps, client, siteName: client.site })));
  return checks;
}

/** A capability message with the capability's words in each language. */
function localized(
  key: 'capability.ok' | 'capability.missing',
  params: { user: string; capability: string },
  what: 'capability.publish_posts' | 'capability.upload_files',
) {
  const words = text(what);
  return { cs: text(key, { ...params, what: words.cs }).cs, en: text(key, { ...params, what: words.en }).en };
}
