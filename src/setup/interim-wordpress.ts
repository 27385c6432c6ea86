/**
 * INTERIM: a WordPressConnection that offers only the pasted Application Password, until the real connection
 * (src/setup/wordpress/index.ts, `createWordPressConnection()`, built on its own branch) is merged; then this
 * file goes and src/cli.ts takes the real one (one line). It finds the REST API at `/wp-json/` (else
 * `?rest_route=/`) and checks the credentials with the user's own record (`users/me?context=edit`): the
 * password and the capabilities `publish_posts` and `upload_files`.
 */
import type { SetupCheck, WordPressConnection, WordPressDiscovery } from './wordpress/types.js';

function siteOf(address: string): string {
  const withScheme = /^https?:\/\//i.test(address.trim()) ? address.trim() : `https://${address.trim()}`;
  return withScheme.replace(/\/+$/, '');
}

/** `route` without a leading slash, `query` without `?`: works for both forms of the REST root. */
function restUrl(restRoot: string, route: string, query: string): string {
  return `${restRoot}${route}${restRoot.includes('?') ? '&' : '?'}${query}`;
}

export function interimWordPressConnection(fetcher: typeof fetch = fetch): WordPressConnection {
  return {
    async discover(address): Promise<WordPressDiscovery> {
      const siteUrl = siteOf(address);
      for (const restRoot of [`${siteUrl}/wp-json/`, `${siteUrl}/?rest_route=/`]) {
        try {
          const answer = await fetcher(restRoot, { signal: AbortSignal.timeout(15_000) });
          if (answer.ok && /json/.test(answer.headers.get('content-type') ?? '')) {
            await answer.body?.cancel();
            const message = { cs: `REST API nalezeno: ${restRoot}`, en: `REST API found: ${restRoot}` };
            return { siteUrl, restRoot, checks: [{ id: 'rest-api', ok: true, message }] };
          }
          await answer.body?.cancel();
        } catch {
          // the next form of the address
        }
      }
      throw new Error(`no WordPress REST API answers at ${siteUrl}/wp-json/ or ${siteUrl}/?rest_route=/`);
    },
    authorizationLink() {
      throw new Error('this connection offers no authorization page');
    },
    credentialsFromCallback() {
      return undefined;
    },
    async verify(credentials): Promise<SetupCheck[]> {
      const auth = Buffer.from(
        `${credentials.username}:${credentials.applicationPassword.replace(/\s+/g, '')}`,
      );
      const answer = await fetcher(restUrl(credentials.restRoot, 'wp/v2/users/me', 'context=edit'), {
        headers: { Authorization: `Basic ${auth.toString('base64')}` },
        signal: AbortSignal.timeout(15_000),
      });
      if (!answer.ok) {
        await answer.body?.cancel();
        return [
          {
            id: 'password',
            ok: false,
            message: {
              cs: `WordPress heslo odmítl (${answer.status}).`,
              en: `WordPress refused the password (${answer.status}).`,
            },
            fix: {
              cs: 'Zkontrolujte uživatelské jméno a vložte heslo aplikace znovu (Uživatelé → Profil).',
              en: 'Check the user name and paste the application password again (Users → Profile).',
            },
          },
        ];
      }
      const user = (await answer.json()) as { capabilities?: Record<string, boolean> };
      const checks: SetupCheck[] = [
        {
          id: 'password',
          ok: true,
          message: { cs: 'Heslo aplikace platí.', en: 'The application password works.' },
        },
      ];
      for (const capability of ['publish_posts', 'upload_files']) {
        const ok = user.capabilities?.[capability] === true;
        checks.push({
          id: capability.replace('_', '-'),
          ok,
          message: ok
            ? { cs: `Uživatel smí ${capability}.`, en: `The user may ${capability}.` }
            : { cs: `Uživatel nesmí ${capability}.`, en: `The user may not ${capability}.` },
          ...(ok
            ? {}
            : {
                fix: {
                  cs: 'Použijte uživatele s rolí Autor nebo vyšší.',
                  en: 'Use a user with the Author role or higher.',
                },
              }),
        });
      }
      return checks;
    },
  };
}
