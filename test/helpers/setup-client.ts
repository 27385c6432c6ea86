/**
 * Both sides of the /setup pages in the tests: setup mode started on a free loopback port (startTestSetupMode)
 * and a tiny browser for its pages (createSetupClient): a cookie jar, no redirects followed, the form token.
 */
import { type SetupMode, type SetupModeOptions, startSetupMode } from '../../src/app/setup-mode.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { createWordPressConnection } from '../../src/setup/wordpress/index.js';
import { TEST_REDIS_URL } from './redis.js';

export type TestSetupModeOptions = Partial<SetupModeOptions> & {
  dataDir: string;
  /** PRESSBRIDGE_SETUP_TOKEN (next to what `env` adds). */
  token: string;
  /**
   * The daemon the finished setup starts: on the test Redis under this prefix, the webhook on a free port,
   * logging nothing. Without it (and without `startDaemon`) finishing the setup fails: not in this test.
   */
  daemonPrefix?: string;
};

/**
 * Setup mode as the tests run it: 127.0.0.1 on a free port, English, a silent log, the real WordPress
 * connection, nothing printed; every option can be given instead.
 */
export function startTestSetupMode(options: TestSetupModeOptions): Promise<SetupMode> {
  const { token, daemonPrefix, env, ...given } = options;
  return startSetupMode({
    listen: { host: '127.0.0.1', port: 0 },
    log: createSilentLogger(),
    language: 'en',
    wordpress: createWordPressConnection(),
    print: () => {},
    ...(daemonPrefix === undefined
      ? {
          startDaemon: async () => {
            throw new Error('not in this test');
          },
        }
      : {
          startDaemon: (config) => startDaemon({ config, log: createSilentLogger() }),
          defaults: {
            redis: { url: TEST_REDIS_URL, prefix: daemonPrefix, embedded: false },
            webhookListen: { host: '127.0.0.1', port: 0 },
          },
        }),
    ...given,
    env: { PRESSBRIDGE_SETUP_TOKEN: token, ...env },
  });
}

export interface SetupAnswer {
  status: number;
  location: string | null;
  text: string;
  csrf: string | undefined;
}

export interface SetupRequestOptions {
  /**
   * A top-level navigation from another site (WordPress's redirect back to /setup): only the SameSite=Lax
   * cookies go along, as browsers send them, and what the answer sets is not kept.
   */
  crossSite?: boolean;
}

export function createSetupClient(origin: string) {
  const jar = new Map<string, string>();
  /** The names of the cookies set with SameSite=Lax. */
  const lax = new Set<string>();
  const request = async (
    path: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
    options: SetupRequestOptions = {},
  ): Promise<SetupAnswer> => {
    const sent = [...jar].filter(([name]) => !options.crossSite || lax.has(name));
    const cookie = sent.map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await fetch(`${origin}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin } : {}),
        ...headers,
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    if (!options.crossSite) {
      for (const line of answer.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = (pair ?? '').split('=');
        if (name && value !== undefined) {
          jar.set(name.trim(), value.trim());
          if (/SameSite=Lax/i.test(line)) lax.add(name.trim());
          else lax.delete(name.trim());
        }
      }
    }
    const text = await answer.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1];
    return { status: answer.status, location: answer.headers.get('location'), text, csrf };
  };
  /**
   * Opens `page` (the token form), enters the setup token and returns the form token for the next steps (the
   * same for every form of this client: it signs the client's own cookie).
   */
  const enterToken = async (token: string, page = '/setup'): Promise<string> => {
    const csrf = (await request(page)).csrf ?? '';
    await request('/setup/token', { csrf, token });
    return csrf;
  };
  return { request, enterToken, jar };
}
