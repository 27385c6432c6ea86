/**
 * The sandbox's advertiser side of offers over real HTTP (issue 30 item 5): the advertiser's offer list with
 * the blogger's note, offer.created, accepting (deal.accepted signed, the deal's brief and text), the lower
 * price rules, credit, decline, 409 spatny_stav, messages before and after acceptance, demand photos.
 */
import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const KEY = 'sandbox-key';
const OTHER = 'other-blogger-key';
const ADVERTISER = 'advertiser-key';
const READ_ONLY_ADVERTISER = 'advertiser-read-key';

interface Answer {
  status: number;
  json: Record<string, unknown>;
  headers: Headers;
}

async function call(
  sandbox: Sandbox,
  path: string,
  method = 'GET',
  body?: unknown,
  key = KEY,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const answer = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return {
    status: answer.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: answer.headers,
  };
}

const code = (a: Answer): [number, unknown] => [
  a.status,
  (a.json.error as { code?: unknown } | undefined)?.code,
];

describe('src/sandbox (the advertiser side of offers)', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });
  const sandboxWith = async (options: SandboxOptions = {}) => {
    const sandbox = await createSandbox({
      allowHttpWebhooks: true,
      blogs: [
        { id: 1, name: 'Blog jedna', url: 'http://127.0.0.1', lowerPriceAllowed: true },
        { id: 2, name: 'Cizí blog', url: 'http://localhost', accountId: 2 },
      ],
      extraKeys: [
        { key: OTHER, role: 'bloger', scopes: ['read', 'write'], accountId: 2 },
        { key: ADVERTISER, role: 'inzerent', scopes: ['read', 'write'] },
        { key: READ_ONLY_ADVERTISER, role: 'inzerent', scopes: ['read'] },
      ],
      ...options,
    });
    cleanup.push(() => sandbox.close());
    return sandbox;
  };
  const receiver = async () => {
    const r = await startReceiver([200]);
    cleanup.push(() => new Promise((resolve) => r.server.close(() => resolve())));
    return r;
  };
  const offer = async (sandbox: Sandbox, body: Record<string, unknown>, blogId = 1, key = KEY) => {
    const answer = await call(sandbox, `/v1/blogs/${blogId}/offers`, 'POST', body, key);
    expect(answer.status).toBe(200);
    return answer.json as { id: number; price: number; reward: number };
  };

  it('shows the advertiser its offers with the blogger’s note and delivers a signed offer.created', async () => {
    const sandbox = await sandboxWith();
    const advertiserHook = await receiver();
    const { secret } = sandbox.setWebhook(advertiserHook.url, ADVERTISER);
    const demand = await sandbox.createDemand({ name: 'Sekačky', reward: 1000, price: 1500, deliver: false });

    const base = await offer(sandbox, { demand_id: demand.id, note: 'Článek o tiché sekačce' });
    const higher = await offer(sandbox, { demand_id: demand.id, reward: 1200 }, 2, OTHER);
    const list = await call(sandbox, `/v1/demands/${demand.id}/offers`, 'GET', undefined, ADVERTISER);

    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([
      expect.objectContaining({
        id: base.id,
        state: 'nabidnuto',
        price: 1500,
        note: 'Článek o tiché sekačce',
        higher_bid: false,
        lower_price_allowed: true,
        blog: expect.objectContaining({ id: 1, name: 'Blog jedna', url: 'http://127.0.0.1' }),
      }),
      expect.objectContaining({ id: higher.id, state: 'nabidnuto_vyssi', price: 1800, higher_bid: true }),
    ]);
    expect(list.json.data as unknown[]).not.toContainEqual(expect.objectContaining({ reward: 1000 }));
    const control = (await (await fetch(`${sandbox.url}/_sandbox/offers`)).json()) as { data: unknown[] };
    expect(control.data).toContainEqual(
      expect.objectContaining({ id: base.id, note: 'Článek o tiché sekačce', higherBid: false }),
    );
    await until(() => (advertiserHook.received.length === 2 ? true : undefined));
    const first = advertiserHook.received[0];
    expect(first?.headers['x-sandbox-signature']).toBe(
      createHmac('sha256', secret)
        .update(first?.body ?? '')
        .digest('hex'),
    );
    expect(advertiserHook.received.map((r) => JSON.parse(r.body))).toContainEqual({
      event: 'offer.created',
      demand: { id: demand.id, name: 'Sekačky', url: expect.any(String) },
      offer: {
        id: higher.id,
        price: 1800,
        higher_bid: true,
        blog: { id: 2, name: 'Cizí blog', url: 'http://localhost' },
      },
    });
    // The blogger's key may not read the advertiser's list; another advertiser's demand is not found.
    expect(code(await call(sandbox, `/v1/demands/${demand.id}/offers`))).toEqual([403, 'spatna_role']);
  });

  it('accepts an offer: akceptovano, signed deal.accepted with the brief, detail and sample text', async () => {
    const sandbox = await sandboxWith();
    const bloggerHook = await receiver();
    const { secret } = sandbox.setWebhook(bloggerHook.url);
    const demand = await sandbox.createDemand({
      name: 'Tichá sekačka',
      reward: 1000,
      price: 1500,
      keywordUrls: [{ keyword: 'tichá sekačka', url: 'https://www.zahradni-technika.example.cz/tiche' }],
      linksMode: 2,
      description: 'Napište o hlučnosti sekaček.',
      deliver: false,
    });
    const { id } = await offer(sandbox, { demand_id: demand.id });
    const before = Date.now();

    const accepted = await call(sandbox, `/v1/offers/${id}/accept`, 'POST', {}, ADVERTISER, {
      'Idempotency-Key': 'accept-0001',
    });
    const replay = await call(sandbox, `/v1/offers/${id}/accept`, 'POST', {}, ADVERTISER, {
      'Idempotency-Key': 'accept-0001',
    });

    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({
      id,
      state: 'akceptovano',
      price: 1500,
      credit_remaining: 100_000 - 1500,
      instant_publish: false,
    });
    expect(replay.json).toEqual(accepted.json);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(code(await call(sandbox, `/v1/offers/${id}/accept`, 'POST', {}, ADVERTISER))).toEqual([
      409,
      'spatny_stav',
    ]);
    const got = await until(() => bloggerHook.received[0]);
    expect(got.headers['x-sandbox-signature']).toBe(
      createHmac('sha256', secret).update(got.body).digest('hex'),
    );
    const event = JSON.parse(got.body) as { event: string; deal: Record<string, unknown> };
    expect(event).toMatchObject({
      event: 'deal.accepted',
      deal: {
        id,
        blog: { id: 1, name: 'Blog jedna' },
        demand: { id: demand.id, name: 'Tichá sekačka', description: 'Napište o hlučnosti sekaček.' },
        price: 1500,
        reward: 1000,
        published_by: 'agent',
      },
    });
    const deadline = sandbox.getDeal(id)?.publishDeadline ?? '';
    expect(Date.parse(deadline) - before).toBeGreaterThanOrEqual(60 * 60_000 - 1_000);
    expect(Date.parse(deadline) - before).toBeLessThan(61 * 60_000);
    expect(bloggerHook.received).toHaveLength(1);

    const detail = await call(sandbox, `/v1/deals/${id}`);
    expect(detail.json).toMatchObject({
      state: 'akceptovano',
      demand: {
        keyword_urls: [{ keyword: 'tichá sekačka', url: 'https://www.zahradni-technika.example.cz/tiche' }],
        links_mode: 2,
      },
    });
    const text = await call(sandbox, `/v1/deals/${id}/text`);
    expect(text.json.text).toContain('<h1>Tichá sekačka</h1>');
    expect(text.json.text).toContain('https://www.zahradni-technika.example.cz/tiche');
    expect((text.json.photos as Array<{ n: number }>).map((p) => p.n)).toEqual([0, 1, 2]);
    const me = await call(sandbox, '/v1/me', 'GET', undefined, ADVERTISER);
    expect(me.json.credit).toEqual({ available: 98_500, blocked: 1500 });
  });

  it('a publication demand: article_text required without shared text; the materials’ text and photos', async () => {
    const sandbox = await sandboxWith();
    const shared = await sandbox.createDemand({
      name: 'Hotový text',
      kind: 'publication',
      reward: 700,
      photos: 2,
      articleText: '<h1>Titulek</h1><p>[foto1]</p><p>[foto2]</p>',
      deliver: false,
    });
    const own = await sandbox.createDemand({
      name: 'Text na míru',
      kind: 'publication',
      reward: 700,
      sharedText: false,
      deliver: false,
    });
    const a = await offer(sandbox, { demand_id: shared.id });
    const b = await offer(sandbox, { demand_id: own.id });

    expect(code(await call(sandbox, `/v1/offers/${b.id}/accept`, 'POST', {}, ADVERTISER))).toEqual([
      400,
      'chybi_parametr',
    ]);
    expect(
      code(
        await call(
          sandbox,
          `/v1/offers/${b.id}/accept`,
          'POST',
          { article_text: '<h1>X</h1>', category_id: 77 },
          ADVERTISER,
        ),
      ),
    ).toEqual([400, 'spatny_parametr']);
    const acceptedB = await call(
      sandbox,
      `/v1/offers/${b.id}/accept`,
      'POST',
      { article_text: '<h1>Vlastní</h1><p>Text.</p>', category_id: 1 },
      ADVERTISER,
    );
    expect(acceptedB.status).toBe(200);
    expect((await call(sandbox, `/v1/deals/${b.id}/text`)).json).toMatchObject({
      text: '<h1>Vlastní</h1><p>Text.</p>',
      category_id: 1,
    });

    // Played through the control API in one call.
    const viaControl = await fetch(`${sandbox.url}/_sandbox/offers/${a.id}/accept`, { method: 'POST' });
    expect(viaControl.status).toBe(200);
    expect(await viaControl.json()).toMatchObject({ id: a.id, state: 'akceptovano' });
    const text = await call(sandbox, `/v1/deals/${a.id}/text`);
    expect(text.json).toMatchObject({
      text: '<h1>Titulek</h1><p>[foto1]</p><p>[foto2]</p>',
      photos: [
        { n: 1, url: `/v1/deals/${a.id}/photos/1` },
        { n: 2, url: `/v1/deals/${a.id}/photos/2` },
      ],
    });
    // The deal's photo is the demand's photo, byte for byte.
    const dealPhoto = await fetch(`${sandbox.url}/v1/deals/${a.id}/photos/1`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    const demandPhoto = await fetch(`${sandbox.url}/v1/demands/${shared.id}/photos/1`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(Buffer.from(await dealPhoto.arrayBuffer())).toEqual(Buffer.from(await demandPhoto.arrayBuffer()));
  });

  it('a lower price: only if allowed, at least 75 %; the reward follows; credit must cover the price', async () => {
    const sandbox = await sandboxWith();
    const demand = await sandbox.createDemand({
      name: 'D',
      reward: 1000,
      price: 2000,
      blogIds: [1, 2],
      deliver: false,
    });
    const mine = await offer(sandbox, { demand_id: demand.id });
    const theirs = await offer(sandbox, { demand_id: demand.id }, 2, OTHER);
    const accept = (id: number, body: unknown) =>
      call(sandbox, `/v1/offers/${id}/accept`, 'POST', body, ADVERTISER);

    expect(code(await accept(theirs.id, { price: 1800 }))).toEqual([422, 'nizsi_cena_nepovolena']);
    expect(code(await accept(mine.id, { price: 1499 }))).toEqual([422, 'cena_pod_minimem']);
    expect(code(await accept(mine.id, { price: 2100 }))).toEqual([400, 'spatny_parametr']);
    expect(sandbox.getDeal(mine.id)?.state).toBe('nabidnuto');
    const lower = await accept(mine.id, { price: 1500 });
    expect(lower.json).toMatchObject({ state: 'akceptovano', price: 1500 });
    expect(sandbox.getDeal(mine.id)).toMatchObject({ price: 1500, reward: 750 });
    expect(
      code(await call(sandbox, `/v1/offers/${theirs.id}/accept`, 'POST', {}, READ_ONLY_ADVERTISER)),
    ).toEqual([403, 'chybi_scope']);
    expect(code(await call(sandbox, `/v1/offers/${theirs.id}/accept`, 'POST', {}, KEY))).toEqual([
      403,
      'spatna_role',
    ]);

    const dear = await sandbox.createDemand({ name: 'Drahá', reward: 80_000, price: 99_000, deliver: false });
    const dearOffer = await offer(sandbox, { demand_id: dear.id });
    expect(code(await accept(dearOffer.id, {}))).toEqual([422, 'nedostatecny_kredit']);
    expect(sandbox.getDeal(dearOffer.id)?.state).toBe('nabidnuto');
  });

  it('declines an offer with its reason; a second decline or an accept after it is 409 spatny_stav', async () => {
    const sandbox = await sandboxWith();
    const demand = await sandbox.createDemand({ name: 'D', reward: 1000, blogIds: [1, 2], deliver: false });
    const a = await offer(sandbox, { demand_id: demand.id });
    const b = await offer(sandbox, { demand_id: demand.id }, 2, OTHER);

    const declined = await call(
      sandbox,
      `/v1/offers/${a.id}/decline`,
      'POST',
      { rating: 1, reason: 'Mimo téma' },
      ADVERTISER,
    );
    const viaControl = await fetch(`${sandbox.url}/_sandbox/offers/${b.id}/decline`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Drahé' }),
    });

    expect(declined.json).toEqual({ id: a.id, state: 'odmitnuto', reason: 'Mimo téma' });
    expect((await call(sandbox, `/v1/deals/${a.id}?x=1`)).json).toMatchObject({
      state: 'odmitnuto',
      reason: 'Mimo téma',
    });
    expect(await viaControl.json()).toMatchObject({ id: b.id, state: 'odmitnuto' });
    expect(code(await call(sandbox, `/v1/offers/${a.id}/decline`, 'POST', {}, ADVERTISER))).toEqual([
      409,
      'spatny_stav',
    ]);
    const late = await fetch(`${sandbox.url}/_sandbox/offers/${a.id}/accept`, { method: 'POST' });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('spatny_stav');
    expect(
      (await call(sandbox, `/v1/demands/${demand.id}/offers`, 'GET', undefined, ADVERTISER)).json.data,
    ).toEqual([]);
  });

  it('messages: 409 nabidka_ceka before acceptance; after it stored, readable by the control API, delivered', async () => {
    const sandbox = await sandboxWith();
    const advertiserHook = await receiver();
    sandbox.setWebhook(advertiserHook.url, ADVERTISER);
    const demand = await sandbox.createDemand({ name: 'D', reward: 1000, deliver: false });
    const { id } = await offer(sandbox, { demand_id: demand.id });

    expect(code(await call(sandbox, `/v1/deals/${id}/messages`, 'POST', { text: 'Dobrý den' }))).toEqual([
      409,
      'nabidka_ceka',
    ]);
    await fetch(`${sandbox.url}/_sandbox/offers/${id}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: 'Prosím do pátku' }),
    });
    const posted = await call(sandbox, `/v1/deals/${id}/messages`, 'POST', { text: 'Tento článek nevydám.' });
    expect(code(await call(sandbox, `/v1/deals/${id}/messages`, 'POST', {}))).toEqual([
      400,
      'chybi_parametr',
    ]);

    expect(posted.status).toBe(200);
    const thread = (await (await fetch(`${sandbox.url}/_sandbox/deals/${id}/messages`)).json()) as {
      data: Array<{ author: string; text: string }>;
    };
    expect(thread.data.map((m) => [m.author, m.text])).toEqual([
      ['inzerent', 'Prosím do pátku'],
      ['bloger', 'Tento článek nevydám.'],
    ]);
    const got = await until(() =>
      advertiserHook.received.find(
        (r) => (JSON.parse(r.body) as { event: string }).event === 'message.created',
      ),
    );
    expect(JSON.parse(got.body)).toMatchObject({ deal_id: id, message: { text: 'Tento článek nevydám.' } });
  });

  it('serves demand photos under the brief’s rule: JPEG to whom may see the demand, 404 otherwise', async () => {
    const sandbox = await sandboxWith();
    const mine = await sandbox.createDemand({
      name: 'P',
      kind: 'publication',
      reward: 700,
      photos: 1,
      deliver: false,
    });
    const vipElsewhere = await sandbox.createDemand({
      name: 'V',
      kind: 'vip',
      reward: 4000,
      blogIds: [2],
      deliver: false,
    });
    const photo = (demandId: number, n: number, key = KEY) =>
      fetch(`${sandbox.url}/v1/demands/${demandId}/photos/${n}`, {
        headers: { Authorization: `Bearer ${key}` },
      });

    const ok = await photo(mine.id, 1);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^image\/jpeg/);
    expect((await sharp(Buffer.from(await ok.arrayBuffer())).metadata()).format).toBe('jpeg');
    expect((await photo(mine.id, 1, ADVERTISER)).status).toBe(200);
    expect((await photo(mine.id, 2)).status).toBe(404);
    expect((await photo(vipElsewhere.id, 1)).status).toBe(404);
    expect((await photo(99_999_999, 1)).status).toBe(404);
    const brief = await call(sandbox, `/v1/demands/${mine.id}`, 'GET', undefined, ADVERTISER);
    expect(brief.json).toMatchObject({ id: mine.id, price: 980, materials: { photos: [{ n: 1 }] } });
    expect(brief.json).not.toHaveProperty('reward');
  });
});
