/**
 * A WordPressConnection for the setup's own tests until the real one (src/setup/wordpress/index.ts) is merged:
 * it takes the pasted password path only (no authorization page) and checks the credentials with one real
 * request to the site's `users/me`, so a wrong password still fails against a real WordPress.
 */
import type { SetupCheck, WordPressConnection } from '../../src/setup/wordpress/types.js';

export function pasteOnlyWordPress(): WordPressConnection {
  return {
    async discover(address) {
      const siteUrl = (/^https?:\/\//.test(address) ? address : `https://${address}`).replace(/\/+$/, '');
      return { siteUrl, restRoot: `${siteUrl}/wp-json/`, checks: [] };
    },
    authorizationLink() {
      throw new Error('the paste-only connection offers no authorization page');
    },
    credentialsFromCallback() {
      return undefined;
    },
    async verify(credentials): Promise<SetupCheck[]> {
      const auth = Buffer.from(`${credentials.username}:${credentials.applicationPassword}`).toString(
        'base64',
      );
      const answer = await fetch(`${credentials.restRoot}wp/v2/users/me`, {
        headers: { Authorization: `Basic ${auth}` },
      });
      const ok = answer.ok;
      return [
        {
          id: 'password',
          ok,
          message: ok
            ? { cs: 'Heslo aplikace platí.', en: 'The application password works.' }
            : {
                cs: `WordPress odmítl heslo (${answer.status}).`,
                en: `WordPress refused the password (${answer.status}).`,
              },
          ...(ok ? {} : { fix: { cs: 'Vložte heslo znovu.', en: 'Paste the password again.' } }),
        },
      ];
    },
  };
}
