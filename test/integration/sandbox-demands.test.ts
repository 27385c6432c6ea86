import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const KEY = 'sandbox-key';
const OTHER = 'other-blogger-key';
const ADVERTISER = 'advertiser-key';

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

async function call(
  sandbox: Sandbox,
  path: string,
  method = 'GET',
  body?: unknown,
  key = KEY,
): Promise<Answer> {
  const answer = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const code = (a: Answer): [number, unknown] => [
  a.status,
  (a.json.error as { code?: unknown } | undefined)?.code,
];
const ids = (a: Answer): unknown[] => (a.json.data as Array<{ id: unknown }>).map((d) => d.id);

describe('src/sandbox (the blogger side of demands)', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });
  const sandboxWith = async (options: SandboxOptions = {}) => {
    const sandbox = await createSandbox({
      blogs: [
        { id: 1, name: 'Blog jedna', url: 'http://127.0.0.1' },
        { id: 2, name: 'Cizí blog', url: 'http://localhost', accountId: 2 },
      ],
      extraKeys: [
        { key: OTHER, role: 'bloger', scopes: ['read', 'write'], accountId: 2 },
        { key: ADVERTISER, role: 'inzerent', scopes: ['read', 'write'] },
      ],
      ...options,
    });
    cleanup.push(() => sandbox.close());
    return sandbox;
  };

  it('lists the blog’s available demands with reward, exactly the document’s fields', async () => {
    const sandbox = await sandboxWith();
    const standard = await sandbox.createDemand({
      name: 'Sekačky',
      reward: 1500,
      blogIds: [1],
      deliver: false,
    });
    await sandbox.createDemand({
      name: 'VIP jinde',
      kind: 'vip',
      reward: 5000,
      blogIds: [2],
      deliver: false,
    });

    const list = await call(sandbox, '/v1/blogs/1/demands');

    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      data: [
        {
          id: standard.id,
          name: 'Sekačky',
          url: 'https://www.zahradni-technika.example.cz/',
          vip: false,
          type: 'web',
          keywords: 'zahradní sekačka',
          ns: 1,
          publication: false,
          expectation: 'SEO',
          description: expect.any(String),
          reward: 1500,
        },
      ],
    });
    expect(ids(await call(sandbox, '/v1/blogs/2/demands', 'GET', undefined, OTHER))).toHaveLength(1);
    expect(code(await call(sandbox, '/v1/blogs/2/demands'))).toEqual([403, 'spatna_role']);
    expect(code(await call(sandbox, '/v1/blogs/9/demands'))).toEqual([404, 'nenalezeno']);
    expect(code(await call(sandbox, '/v1/blogs/1/demands', 'GET', undefined, ADVERTISER))).toEqual([
      403,
      'spatna_role',
    ]);
  });

  it('answers 422 blog_neuplny for a blog without a minimum price (list, offer and decline)', async () => {
    const sandbox = await sandboxWith();
    const demand = await sandbox.createDemand({ name: 'D', reward: 1000, deliver: false });
    expect((await call(sandbox, '/v1/blogs/1', 'PATCH', { min_price: 0 })).status).toBe(200);

    expect(code(await call(sandbox, '/v1/blogs/1/demands'))).toEqual([422, 'blog_neuplny']);
    expect(code(await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: demand.id }))).toEqual([
      422,
      'blog_neuplny',
    ]);
    expect(code(await call(sandbox, '/v1/blogs/1/demands/decline', 'POST'))).toEqual([422, 'blog_neuplny']);
  });

  it('shows the full brief: keyword_urls, links_mode, materials for publication; VIP only to its blog', async () => {
    const sandbox = await sandboxWith();
    const standard = await sandbox.createDemand({ name: 'S', reward: 1000, deliver: false });
    const publication = await sandbox.createDemand({
      name: 'Hotový text',
      kind: 'publication',
      reward: 700,
      photos: 2,
      articleText: '<h1>Titulek</h1><p>[foto1]</p>',
      deliver: false,
    });
    const vip = await sandbox.createDemand({
      name: 'V',
      kind: 'vip',
      reward: 4000,
      blogIds: [2],
      deliver: false,
    });

    const s = await call(sandbox, `/v1/demands/${standard.id}`);
    const p = await call(sandbox, `/v1/demands/${publication.id}`);

    expect(s.status).toBe(200);
    expect(s.json).toMatchObject({
      id: standard.id,
      keyword_urls: [{ keyword: 'zahradní sekačka', url: 'https://www.zahradni-technika.example.cz/' }],
      links_mode: 1,
      reward: 1000,
      publication: false,
    });
    expect(s.json).not.toHaveProperty('materials');
    expect(p.json).toMatchObject({
      publication: true,
      keywords: '',
      materials: {
        shared_text: true,
        title_photo: 'shared',
        text: '<h1>Titulek</h1><p>[foto1]</p>',
        photos: [
          { n: 1, url: `/v1/demands/${publication.id}/photos/1` },
          { n: 2, url: `/v1/demands/${publication.id}/photos/2` },
        ],
      },
    });
    expect(code(await call(sandbox, `/v1/demands/${vip.id}`))).toEqual([404, 'nenalezeno']);
    expect((await call(sandbox, `/v1/demands/${vip.id}`, 'GET', undefined, OTHER)).json).toMatchObject({
      id: vip.id,
      vip: true,
    });
    expect(code(await call(sandbox, '/v1/demands/99999999'))).toEqual([404, 'nenalezeno']);
  });

  it('takes offers: base and higher bids, and every refusal the document names', async () => {
    const sandbox = await sandboxWith();
    const a = await sandbox.createDemand({ name: 'A', reward: 1000, price: 1500, deliver: false });
    const b = await sandbox.createDemand({ name: 'B', reward: 1000, price: 1500, deliver: false });
    const vip = await sandbox.createDemand({
      name: 'V',
      kind: 'vip',
      reward: 4000,
      blogIds: [2],
      deliver: false,
    });

    const base = await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: a.id, note: 'Nápad' });
    const higher = await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: b.id, reward: 1200 });

    expect(base.status).toBe(200);
    expect(base.json).toEqual({
      id: expect.any(Number),
      state: 'nabidnuto',
      demand_id: a.id,
      blog_id: 1,
      price: 1500,
      reward: 1000,
    });
    expect(higher.json).toMatchObject({ state: 'nabidnuto_vyssi', price: 1800, reward: 1200 });
    expect(sandbox.getDeal(base.json.id as number)).toMatchObject({ state: 'nabidnuto', demandId: a.id });
    expect(ids(await call(sandbox, '/v1/blogs/1/demands'))).toEqual([]);

    const c = await sandbox.createDemand({ name: 'C', reward: 1000, deliver: false });
    expect(code(await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: c.id, reward: 999 }))).toEqual(
      [422, 'nizka_vyssi_nabidka'],
    );
    expect(code(await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: a.id }))).toEqual([
      409,
      'nabidka_existuje',
    ]);
    expect(code(await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: vip.id }))).toEqual([
      404,
      'poptavka_nedostupna',
    ]);
    expect(code(await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: 424242 }))).toEqual([
      404,
      'poptavka_nedostupna',
    ]);
    expect(code(await call(sandbox, '/v1/blogs/1/offers', 'POST', {}))).toEqual([400, 'chybi_parametr']);
    expect(code(await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: 'x' }))).toEqual([
      400,
      'spatny_parametr',
    ]);
    expect(code(await call(sandbox, '/v1/blogs/2/offers', 'POST', { demand_id: c.id }))).toEqual([
      403,
      'spatna_role',
    ]);
    // An equal reward is a base offer.
    const equal = await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: c.id, reward: 1000 });
    expect(equal.json).toMatchObject({ state: 'nabidnuto', reward: 1000 });
  });

  it('declines all available demands of the blog: they leave the list and cannot be offered on', async () => {
    const sandbox = await sandboxWith();
    const a = await sandbox.createDemand({ name: 'A', reward: 1000, deliver: false });
    const b = await sandbox.createDemand({ name: 'B', reward: 1000, deliver: false });

    const declined = await call(sandbox, '/v1/blogs/1/demands/decline', 'POST');

    expect(declined).toEqual({ status: 200, json: { declined: [a.id, b.id] } });
    expect(ids(await call(sandbox, '/v1/blogs/1/demands'))).toEqual([]);
    expect(ids(await call(sandbox, '/v1/blogs/2/demands', 'GET', undefined, OTHER))).toEqual([a.id, b.id]);
    expect(code(await call(sandbox, '/v1/blogs/1/offers', 'POST', { demand_id: a.id }))).toEqual([
      409,
      'nabidka_existuje',
    ]);
    expect(sandbox.listDeals().map((d) => [d.demandId, d.state])).toEqual([
      [a.id, 'zruseno'],
      [b.id, 'zruseno'],
    ]);
    expect((await call(sandbox, `/v1/demands/${a.id}`)).status).toBe(200);
  });

  it('delivers a signed demand.created to the blogger’s webhook (control API)', async () => {
    const sandbox = await sandboxWith({ allowHttpWebhooks: true });
    const receiver = await startReceiver([200]);
    cleanup.push(() => new Promise((resolve) => receiver.server.close(() => resolve())));
    const { secret } = sandbox.setWebhook(receiver.url);

    const created = await fetch(`${sandbox.url}/_sandbox/demands`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Nová poptávka', reward: 1300, blogIds: [1, 2] }),
    });
    const demand = (await created.json()) as { id: number };
    const got = await until(() => receiver.received[0]);

    expect(created.status).toBe(201);
    const signature = got.headers['x-sandbox-signature'];
    expect(signature).toBe(createHmac('sha256', secret).update(got.body).digest('hex'));
    expect(JSON.parse(got.body)).toEqual({
      event: 'demand.created',
      demand: expect.objectContaining({ id: demand.id, name: 'Nová poptávka', reward: 1300, vip: false }),
      // Only the receiving account's blogs: blog 2 belongs to another blogger.
      blogs: [{ id: 1, name: 'Blog jedna' }],
    });
    expect(receiver.received).toHaveLength(1);
  });
});
