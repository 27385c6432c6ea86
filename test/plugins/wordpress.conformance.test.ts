/**
 * The WordPress plugin against the conformance suite: a real WordPress (test/helpers/wordpress.ts, a fresh
 * throwaway site) behind a fault proxy (test/helpers/fault-proxy.ts) that counts the requests and puts
 * the faults in. Holdings are read from WordPress itself, past the proxy.
 */
import wordpress from '../../plugins/wordpress/index.js';
import { systemClock } from '../../src/clock.js';
import { createSilentLogger } from '../../src/logger.js';
import { type FaultRule, type ProxiedRequest, startFaultProxy } from '../helpers/fault-proxy.js';
import { listMedia, listPosts, resetContent, startWordPress } from '../helpers/wordpress.js';
import { describePublisherConformance } from './conformance.js';

/** The REST route of a request, in either form (`/wp-json/wp/v2/posts`, `/?rest_route=/wp/v2/posts`). */
function route(request: ProxiedRequest): string {
  const url = new URL(request.url, 'http://x');
  return url.searchParams.get('rest_route') ?? url.pathname.replace(/^\/wp-json/, '');
}

const storesThePost = (r: ProxiedRequest) => r.method === 'POST' && route(r) === '/wp/v2/posts';

const FAULTS: Record<string, FaultRule> = {
  '401 Unauthorized (the Application Password revoked)': {
    // WordPress itself refuses: the proxy sends a password it never issued.
    when: () => true,
    fault: {
      kind: 'forward-with-headers',
      headers: { authorization: `Basic ${Buffer.from('admin:revoked revoked revoked').toString('base64')}` },
    },
  },
  '403 Forbidden (a firewall in front of the site)': {
    when: () => true,
    fault: {
      kind: 'answer',
      status: 403,
      headers: { 'content-type': 'text/html' },
      body: '<html><body><h1>403 Forbidden</h1><p>Request blocked by the site firewall.</p></body></html>',
    },
  },
  '500 Internal Server Error storing the post': {
    when: storesThePost,
    fault: {
      kind: 'answer',
      status: 500,
      headers: { 'content-type': 'text/html' },
      body: '<p>There has been a critical error on this website.</p>',
    },
  },
  '502 Bad Gateway storing the post': {
    when: storesThePost,
    fault: { kind: 'answer', status: 502, body: 'Bad Gateway' },
  },
  'a timeout storing the post (stored, the answer never arrives)': {
    when: storesThePost,
    fault: { kind: 'hold-answer', ms: 4_000 },
  },
};
const TIMEOUT = 'a timeout storing the post (stored, the answer never arrives)';

describePublisherConformance('wordpress', {
  faults: Object.keys(FAULTS).map((name) => ({
    name,
    kind: name.startsWith('40') ? ('permanent' as const) : ('retryable' as const),
  })),
  unreachable: '401 Unauthorized (the Application Password revoked)',
  async start() {
    // A throwaway site: its uploads folder for this month does not exist yet, so the plugin's first upload makes
    // it (parallel uploads race creating it; plugins/wordpress/media.ts sends the refused one once more).
    const site = await startWordPress();
    const proxy = await startFaultProxy({ host: '127.0.0.1', port: site.port });
    const isUpload = (r: ProxiedRequest) => r.method === 'POST' && route(r) === '/wp/v2/media';
    let armed: string | undefined;

    return {
      siteName: proxy.url,
      async reset() {
        armed = undefined;
        proxy.rule = undefined;
        await proxy.idle();
        await resetContent(site);
        proxy.requests.length = 0;
      },
      async publisher() {
        const options = wordpress.optionsSchema.parse({
          url: proxy.url,
          username: site.username,
          applicationPassword: site.applicationPassword,
          // The shortest the option allows, only while the timeout is armed: a loaded machine may be slow.
          ...(armed === TIMEOUT ? { timeoutMs: 1_000 } : {}),
        });
        return wordpress.create(options, {
          blogId: 1,
          log: createSilentLogger(),
          dataDir: '/tmp',
          clock: systemClock,
        });
      },
      async holdings() {
        await proxy.idle();
        const posts = await listPosts(site, { status: 'all' });
        return {
          articles: posts.filter((p) => p.status !== 'draft').length,
          photos: (await listMedia(site)).length,
          drafts: posts.filter((p) => p.status === 'draft').length,
        };
      },
      // Uploads WordPress took: a refused one (the month folder's race, answered 500 before anything is stored)
      // is sent once more by design and is no second photo; `holdings` counts what the library holds.
      uploads: () =>
        proxy.requests.filter((r) => isUpload(r) && r.status !== undefined && r.status < 300).length,
      requests: () => proxy.requests.length,
      async articleText(result) {
        return await (await fetch(result.url)).text();
      },
      async arm(name) {
        armed = name;
        proxy.rule = FAULTS[name];
      },
      async disarm() {
        armed = undefined;
        proxy.rule = undefined;
      },
      async close() {
        await proxy.close();
        await site.stop();
      },
    };
  },
});
