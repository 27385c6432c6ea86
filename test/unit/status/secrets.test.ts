/**
 * Proof that no secret reaches a page: secrets are planted everywhere a page reads from (log fields and
 * messages, error texts, webhook event bodies, also oversized ones that the store keeps raw, lines written
 * past the store's redaction, target details, action messages), in a real Redis through the real DealStore;
 * then every page is rendered and searched for them.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { type StatusServer, startStatusServer } from '../../../src/status/index.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { statusDeps, TARGETS } from './fixtures.js';

/** Shaped like real credentials, each marked where it appears (key name, `Bearer`, `token=`, URL user info). */
const MARKED = {
  apiKey: 'pk_live_Q7vX2mN9aB4cD6eF',
  webhookSecret: 'whsec_9f8e7d6c5b4a3928',
  bearer: 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.SflKxw',
  basic: Buffer.from('pressbridge:xQ3v-Yk8p-Lm2w-Rt6z').toString('base64'),
  wpPassword: 'xQ3v Yk8p Lm2w Rt6z',
  redisPassword: 'r3disPassw0rdZZ',
  githubToken: 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6',
  statusPassword: 'statusPW-7h3-l0ng-0n3',
};
/** Known to the daemon but written without any marker: only the configured-values mask can catch it. */
const UNMARKED = 'Tr0ub4dor-and-3-horses';

const DEAL = 51_000;
const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;

async function plantSecrets(): Promise<void> {
  const now = Date.now();
  const receivedAt = new Date(now - 20 * 60_000).toISOString();
  const deadline = new Date(now + 40 * 60_000).toISOString();
  await store.createIfAbsent({
    dealId: DEAL,
    blogId: 101,
    receivedAt,
    deadline,
    state: 'failed',
    title: `Článek (token=${MARKED.githubToken})`,
    data: {
      webUrl: `https://marketplace.example.cz/obchody/${DEAL}?token=${MARKED.bearer}`,
      request: { headers: { Authorization: `Bearer ${MARKED.bearer}` }, apiKey: MARKED.apiKey },
    },
  });
  await store.update(DEAL, {
    error: `WordPress rejected Authorization: Basic ${MARKED.basic} (apiKey=${MARKED.apiKey}); password was ${UNMARKED}`,
    errorCode: 'wp_401',
    supportCode: 'PC-000001',
    url: `https://pressbridge:${MARKED.wpPassword.replaceAll(' ', '')}@zahrada-dum.cz/clanek/`,
  });
  await store.appendLog(DEAL, {
    level: 'error',
    msg: `GET /v1/me failed with Authorization: Bearer ${MARKED.bearer}`,
    blogId: 101,
    fields: {
      apiKey: MARKED.apiKey,
      headers: { Authorization: `Bearer ${MARKED.bearer}`, cookie: `session=${MARKED.statusPassword}` },
      applicationPassword: MARKED.wpPassword,
      redis: `redis://default:${MARKED.redisPassword}@127.0.0.1:6379`,
      note: `the password is ${UNMARKED}`,
    },
  });
  await store.appendLog(undefined, {
    level: 'warn',
    msg: `webhook secret rotated: secret=${MARKED.webhookSecret}`,
    fields: { webhook: { secret: MARKED.webhookSecret, previousSecret: MARKED.webhookSecret } },
  });
  await store.recordEvent(DEAL, {
    event: 'deal.accepted',
    receivedAt,
    outcome: 'enqueued',
    body: {
      event: 'deal.accepted',
      secret: MARKED.webhookSecret,
      token: MARKED.githubToken,
      deal: { id: DEAL },
    },
  });
  // Over the store's body limit: kept as a raw prefix, which the store does not redact.
  await store.recordEvent(DEAL, {
    event: 'deal.accepted',
    receivedAt,
    outcome: 'bad_json',
    body: { apiKey: MARKED.apiKey, webhookSecret: MARKED.webhookSecret, padding: 'x'.repeat(400) },
  });
  // Written past the store's redaction (an older version, a bug): raw JSON straight into the lists.
  const raw = JSON.stringify({
    time: new Date(now).toISOString(),
    level: 'error',
    msg: `retry with api_key=${MARKED.apiKey}, secret=${MARKED.webhookSecret} and token ${MARKED.githubToken}`,
    dealId: DEAL,
    blogId: 202,
    fields: { password: MARKED.wpPassword, authorization: `Basic ${MARKED.basic}`, plain: UNMARKED },
  });
  await redis.lpush(store.keys.dealLog(DEAL), raw);
  await redis.lpush(store.keys.log, raw);
  // The store scrubs oversized event prefixes now; an older version did not.
  await redis.lpush(
    store.keys.dealEvents(DEAL),
    JSON.stringify({
      event: 'deal.accepted',
      receivedAt,
      dealId: DEAL,
      outcome: 'bad_json',
      body: `{"apiKey":"${MARKED.apiKey}","webhookSecret":"${MARKED.webhookSecret}","padding":"xxxx`,
      truncated: true,
    }),
  );
}

/** Every page, with every filter, plus an action's flash and the error pages. */
async function renderEverything(server: StatusServer, auth: Record<string, string>): Promise<string[]> {
  const pages: string[] = [];
  let cookies = '';
  const get = async (path: string): Promise<string> => {
    const res = await fetch(server.url + path, { headers: { ...auth, Cookie: cookies }, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (setCookies.length) cookies = [cookies, ...setCookies].filter(Boolean).join('; ');
    const text = await res.text();
    pages.push([...res.headers].map(([n, v]) => `${n}: ${v}`).join('\n'), text);
    return text;
  };
  for (const path of [
    '',
    'deals',
    'deals?state=failed',
    `deals/${DEAL}`,
    'logs',
    'logs?level=error',
    'logs?blog=101',
    'logs?blog=202&refresh=off',
    `deals/abc?token=${MARKED.githubToken}`,
    'deals/99999',
    'assets/status.js',
  ]) {
    await get(path);
  }
  const dealPage = await get(`deals/${DEAL}`);
  const token = /name="csrf" value="([^"]+)"/.exec(dealPage)?.[1] ?? '';
  const posted = await fetch(`${server.url}deals/${DEAL}/retry`, {
    method: 'POST',
    headers: { ...auth, Cookie: cookies, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: token }).toString(),
    redirect: 'manual',
  });
  expect(posted.status).toBe(303);
  const flash = posted.headers.getSetCookie().find((c) => c.startsWith('pb_flash='));
  expect(flash).toBeDefined();
  pages.push(Buffer.from(flash?.split('=')[1]?.split('.')[0] ?? '', 'base64url').toString('utf8'));
  cookies = `${cookies}; ${flash?.split(';')[0]}`;
  const withFlash = await get(`deals/${DEAL}`);
  expect(withFlash).toContain('class="flash ok"');
  return pages;
}

function secretDeps(extra: Parameters<typeof statusDeps>[1] = {}) {
  const deps = statusDeps(store, {
    targets: async () => [
      ...TARGETS,
      {
        blogId: 303,
        name: 'Třetí blog',
        kind: 'wordpress',
        target: `https://admin:${MARKED.wpPassword.replaceAll(' ', '')}@treti.cz`,
        ok: false,
        detail: `401 with password=${MARKED.wpPassword.replaceAll(' ', '-')} and Authorization: Basic ${MARKED.basic}`,
      },
    ],
    ...extra,
  });
  deps.actions.retry = async (dealId) => ({
    ok: true,
    message: `Deal ${dealId} queued again with token=${MARKED.githubToken} (${UNMARKED})`,
  });
  return deps;
}

beforeAll(async () => {
  redis = createTestRedis();
  store = createDealStore({ redis, prefix, maxEventBodyBytes: 300 });
  await plantSecrets();
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('src/status (no secret on any page)', () => {
  it('the planted data really holds the secrets (so the test can fail)', async () => {
    const stored = JSON.stringify([
      await redis.lrange(store.keys.log, 0, -1),
      await redis.lrange(store.keys.dealEvents(DEAL), 0, -1),
      await redis.hgetall(store.keys.deal(DEAL)),
    ]);
    for (const secret of [MARKED.apiKey, MARKED.webhookSecret, MARKED.githubToken, MARKED.bearer, UNMARKED]) {
      expect(stored).toContain(secret);
    }
  });

  it('shows none of the marked secrets even without the configured values', async () => {
    const server = await startStatusServer(secretDeps(), { host: '127.0.0.1', port: 0 });
    try {
      const pages = await renderEverything(server, {});
      const all = pages.join('\n');

      expect(all).toContain(`Obchod č. ${DEAL}`); // the default language, Czech
      expect(all).toContain('PC-000001');
      expect(all).toContain('[redacted]');
      for (const [name, secret] of Object.entries(MARKED)) {
        expect(all.includes(secret), `${name} must not appear`).toBe(false);
      }
      expect(all).not.toContain(MARKED.wpPassword.replaceAll(' ', ''));
      expect(all).not.toContain(MARKED.wpPassword.replaceAll(' ', '-'));
    } finally {
      await server.close();
    }
  });

  it('shows no secret at all, unmarked ones included, with the configured values (and the password on)', async () => {
    const server = await startStatusServer(
      secretDeps({
        password: MARKED.statusPassword,
        secretValues: () => [MARKED.apiKey, MARKED.webhookSecret, MARKED.statusPassword, UNMARKED, undefined],
      }),
      { host: '127.0.0.1', port: 0 },
    );
    try {
      const auth = {
        Authorization: `Basic ${Buffer.from(`me:${MARKED.statusPassword}`).toString('base64')}`,
      };
      const pages = await renderEverything(server, auth);
      const all = pages.join('\n');

      expect(all).toContain(`Obchod č. ${DEAL}`); // the default language, Czech
      for (const secret of [...Object.values(MARKED), UNMARKED]) {
        expect(all.includes(secret), `${secret.slice(0, 6)}… must not appear`).toBe(false);
      }
    } finally {
      await server.close();
    }
  });
});
