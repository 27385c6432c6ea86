import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DealAcceptedEvent,
  ErrorEnvelope,
  WebhookDeliveries,
  WebhookSecret,
  WebhookState,
  WebhookTestResult,
} from '../../src/marketplace/schema.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const KEY = 'sandbox-key';

async function call(sandbox: Sandbox, path: string, method = 'GET', body?: unknown, key = KEY) {
  const answer = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('src/sandbox (webhooks)', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });
  const sandboxWith = async (options: SandboxOptions = {}) => {
    const sandbox = await createSandbox(options);
    cleanup.push(() => sandbox.close());
    return sandbox;
  };
  const receiverWith = async (statuses: number[]) => {
    const receiver = await startReceiver(statuses);
    cleanup.push(() => new Promise((resolve) => receiver.server.close(() => resolve())));
    return receiver;
  };

  it('takes HTTPS URLs only, unless the sandbox switch allows http on loopback', async () => {
    const strict = await sandboxWith();
    const relaxed = await sandboxWith({ allowHttpWebhooks: true });

    const httpRefused = await call(strict, '/v1/webhook', 'PUT', { url: 'http://127.0.0.1:9/webhook' });
    const missing = await call(strict, '/v1/webhook', 'PUT', {});
    const https = await call(strict, '/v1/webhook', 'PUT', { url: 'https://hooks.example.cz/x' });
    const httpLoopback = await call(relaxed, '/v1/webhook', 'PUT', { url: 'http://127.0.0.1:9/webhook' });
    const httpRemote = await call(relaxed, '/v1/webhook', 'PUT', { url: 'http://hooks.example.cz/x' });

    expect([httpRefused.status, ErrorEnvelope.parse(httpRefused.json).error.code]).toEqual([
      400,
      'spatna_url',
    ]);
    expect([missing.status, ErrorEnvelope.parse(missing.json).error.code]).toEqual([400, 'chybi_parametr']);
    expect(https.status).toBe(200);
    expect(WebhookSecret.parse(https.json).secret).toMatch(/^[0-9a-f]{64}$/);
    expect(httpLoopback.status).toBe(200);
    expect([httpRemote.status, ErrorEnvelope.parse(httpRemote.json).error.code]).toEqual([400, 'spatna_url']);
  });

  it('shows the webhook without its secret, rotates the secret and switches off', async () => {
    const sandbox = await sandboxWith();
    const put = WebhookSecret.parse(
      (await call(sandbox, '/v1/webhook', 'PUT', { url: 'https://h.example.cz/w' })).json,
    );

    const state = await call(sandbox, '/v1/webhook');
    const rotated = WebhookSecret.parse((await call(sandbox, '/v1/webhook/rotate-secret', 'POST')).json);
    const deleted = await call(sandbox, '/v1/webhook', 'DELETE');
    const after = WebhookState.parse((await call(sandbox, '/v1/webhook')).json);
    const rotateNone = await call(sandbox, '/v1/webhook/rotate-secret', 'POST');

    expect(state.json).toEqual({ url: 'https://h.example.cz/w', active: true });
    expect(rotated.url).toBe('https://h.example.cz/w');
    expect(rotated.secret).not.toBe(put.secret);
    expect(deleted.status).toBe(200);
    expect(after).toMatchObject({ url: null, active: false });
    expect(rotateNone.status).toBe(404);
  });

  it('sends webhook.test right away and reports how the receiver answered', async () => {
    const sandbox = await sandboxWith({ allowHttpWebhooks: true });
    const receiver = await receiverWith([200, 503]);
    await call(sandbox, '/v1/webhook', 'PUT', { url: receiver.url });

    const ok = WebhookTestResult.parse((await call(sandbox, '/v1/webhook/test', 'POST')).json);
    const failed = WebhookTestResult.parse((await call(sandbox, '/v1/webhook/test', 'POST')).json);
    await call(sandbox, '/v1/webhook', 'PUT', { url: 'http://127.0.0.1:1/nothing-listens' });
    const noAnswer = WebhookTestResult.parse((await call(sandbox, '/v1/webhook/test', 'POST')).json);

    expect(ok).toEqual({ delivered: true, status: 200 });
    expect(failed).toEqual({ delivered: false, status: 503 });
    expect(noAnswer).toEqual({ delivered: false, status: 0 });
    const body = JSON.parse(receiver.received[0]?.body ?? '{}') as Record<string, unknown>;
    expect(body).toEqual({ event: 'webhook.test', message: expect.any(String), sent_at: expect.any(String) });
    expect(body.sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('delivers deal.accepted signed with the secret (HMAC-SHA256 hex of the raw body), per the Events table', async () => {
    const sandbox = await sandboxWith({ allowHttpWebhooks: true, signatureHeader: 'X-Placla-Signature' });
    const receiver = await receiverWith([200]);
    const { secret } = WebhookSecret.parse(
      (await call(sandbox, '/v1/webhook', 'PUT', { url: receiver.url })).json,
    );

    const deal = await sandbox.createDeal({ categoryId: 4, deadlineMinutes: 60 });
    const got = await until(() => receiver.received[0]);
    const event = DealAcceptedEvent.parse(JSON.parse(got.body));

    expect(got.headers['x-placla-signature']).toBe(sign(secret, got.body));
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toEqual(expect.any(String));
    expect(JSON.parse(got.body)).toEqual(deal.acceptedEvent);
    expect(Object.keys(JSON.parse(got.body).deal).sort()).toEqual(
      [
        'blog',
        'category_id',
        'demand',
        'id',
        'instant_publish',
        'price',
        'publish_deadline',
        'published_by',
        'reward',
      ].sort(),
    );
    expect(event.deal).toMatchObject({
      id: deal.id,
      category_id: 4,
      published_by: 'agent',
      instant_publish: false,
    });
    expect(event.deal.publish_deadline).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(event.deal.demand ?? {}).sort()).toEqual(
      ['description', 'expectation', 'id', 'keywords', 'name', 'ns', 'publication', 'url'].sort(),
    );
  });

  it('signs with the new secret only after a rotation', async () => {
    const sandbox = await sandboxWith({ allowHttpWebhooks: true });
    const receiver = await receiverWith([200]);
    const old = sandbox.setWebhook(receiver.url);
    const { secret } = WebhookSecret.parse((await call(sandbox, '/v1/webhook/rotate-secret', 'POST')).json);

    await sandbox.sendEvent({
      event: 'message.created',
      deal_id: 5,
      message: { text: 'Ahoj', created_at: 'x' },
    });
    const got = receiver.received[0];

    expect(got?.headers['x-sandbox-signature']).toBe(sign(secret, got?.body ?? ''));
    expect(got?.headers['x-sandbox-signature']).not.toBe(sign(old.secret, got?.body ?? ''));
  });

  it('retries on the scaled schedule until a 200: 500, 500, 200 → three attempts', async () => {
    // 5 min × 1/3000 = 100 ms, then 200 ms.
    const sandbox = await sandboxWith({ allowHttpWebhooks: true, timeScale: 1 / 3000 });
    const receiver = await receiverWith([500, 500, 200]);
    sandbox.setWebhook(receiver.url);

    const deal = await sandbox.createDeal({});
    const record = await until(() => sandbox.deliveries().find((d) => d.deal_id === deal.id && d.finished));
    const gaps = receiver.received.slice(1).map((r, i) => r.at - (receiver.received[i]?.at ?? 0));

    expect(record).toMatchObject({
      event: 'deal.accepted',
      attempts: 3,
      status: 200,
      delivered: true,
      next_attempt: null,
    });
    expect(record.history.map((h) => h.status)).toEqual([500, 500, 200]);
    expect(receiver.received).toHaveLength(3);
    expect(gaps[0]).toBeGreaterThanOrEqual(90);
    expect(gaps[1]).toBeGreaterThanOrEqual(190);
    // Every attempt carries the same body and a valid signature.
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it('gives up after five attempts and only 200 counts (a 204 is a failure)', async () => {
    const sandbox = await sandboxWith({ allowHttpWebhooks: true, timeScale: 1 / 30_000 });
    const receiver = await receiverWith([204]);
    sandbox.setWebhook(receiver.url);

    await sandbox.createDeal({});
    const record = await until(() => sandbox.deliveries().find((d) => d.finished));

    expect(record).toMatchObject({ attempts: 5, status: 204, delivered: false, next_attempt: null });
    expect(receiver.received).toHaveLength(5);
  });

  it('lists deliveries in GET /v1/webhook/deliveries, newest first, with the pending next attempt', async () => {
    const sandbox = await sandboxWith({ allowHttpWebhooks: true });
    const receiver = await receiverWith([200, 500]);
    sandbox.setWebhook(receiver.url);

    const first = await sandbox.createDeal({});
    await until(() => sandbox.deliveries().find((d) => d.deal_id === first.id && d.finished));
    const second = await sandbox.createDeal({});
    await until(() => sandbox.deliveries().find((d) => d.deal_id === second.id && d.attempts === 1));
    const log = WebhookDeliveries.parse((await call(sandbox, '/v1/webhook/deliveries')).json);

    expect(log.data.map((d) => d.deal_id)).toEqual([second.id, first.id]);
    expect(log.data[0]).toMatchObject({ event: 'deal.accepted', status: 500, attempts: 1 });
    expect(log.data[0]?.next_attempt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(log.data[1]).toMatchObject({ status: 200, attempts: 1, next_attempt: null });
  });

  it('re-delivers and sends deal.paid through the control API', async () => {
    const sandbox = await sandboxWith({ allowHttpWebhooks: true });
    const receiver = await receiverWith([200]);
    sandbox.setWebhook(receiver.url);
    const deal = await sandbox.createDeal({ deliver: false });

    const redeliver = await fetch(`${sandbox.url}/_sandbox/deals/${deal.id}/deliver`, { method: 'POST' });
    const paid = await fetch(`${sandbox.url}/_sandbox/deals/${deal.id}/pay`, { method: 'POST' });
    const events = receiver.received.map((r) => (JSON.parse(r.body) as { event: string }).event);

    expect(redeliver.status).toBe(200);
    expect(((await redeliver.json()) as { data: Array<{ delivered: boolean }> }).data).toEqual([
      expect.objectContaining({ delivered: true }),
    ]);
    expect(((await paid.json()) as { state: string }).state).toBe('proplaceno');
    expect(events).toEqual(['deal.accepted', 'deal.paid']);
  });

  it('stops pending retries on close', async () => {
    const sandbox = await createSandbox({ allowHttpWebhooks: true, timeScale: 1 / 600 });
    const receiver = await receiverWith([500]);
    sandbox.setWebhook(receiver.url);
    await sandbox.createDeal({});
    await until(() => (receiver.received.length === 1 ? true : undefined));

    // A twin on the same schedule, started later, stays open: its retries mark the moments the closed
    // sandbox's retries were due (the first after 500 ms, the next 1 s later).
    const twin = await sandboxWith({ allowHttpWebhooks: true, timeScale: 1 / 600 });
    const twinReceiver = await receiverWith([500]);
    twin.setWebhook(twinReceiver.url);
    await twin.createDeal({});
    await until(() => (twinReceiver.received.length === 1 ? true : undefined));

    await sandbox.close();
    await until(
      () => (twinReceiver.received.length === 3 ? true : undefined),
      10_000,
      "the twin's two retries",
    );

    expect(receiver.received).toHaveLength(1);
  });
});
