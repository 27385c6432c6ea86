import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/config/schema.js';
import type { NewEventRecord } from '../../../src/deals/record.js';
import { createSilentLogger } from '../../../src/logger.js';
import type { DealJobPayload } from '../../../src/queue/jobs.js';
import type { EnqueueResult } from '../../../src/queue/producer.js';
import {
  createWebhookRouter,
  type WebhookReceiverDeps,
  webhookSecrets,
} from '../../../src/webhook/receiver.js';
import { fixedClock } from '../../helpers/clock.js';
import { signedPost } from '../../helpers/sign.js';

const accepted = { event: 'deal.accepted', deal: { id: 5, blog: { id: 7 } } };

function config(overrides: Partial<Config['webhook']> = {}): Config['webhook'] {
  return {
    listen: { host: '127.0.0.1', port: 0 },
    path: '/hooks/placla',
    secret: 'now',
    rotationGraceMinutes: 60,
    maxBodyBytes: 4096,
    ...overrides,
  };
}

let server: Server | undefined;

async function start(deps: Partial<WebhookReceiverDeps> & { config: Config['webhook'] }) {
  const enqueued: DealJobPayload[] = [];
  const events: NewEventRecord[] = [];
  const app = express();
  app.use(
    createWebhookRouter({
      producer: {
        async enqueueDeal(payload, options): Promise<EnqueueResult> {
          enqueued.push(payload);
          // The real producer records the delivery with its outcome in the same Redis step.
          if (options?.event) events.push({ ...options.event, outcome: 'enqueued' });
          return { status: 'added', jobId: `deal-${payload.dealId}` };
        },
      },
      store: {
        async recordEvent(_dealId, event) {
          events.push(event);
        },
      },
      log: createSilentLogger(),
      ...deps,
    }),
  );
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${deps.config.path}`, enqueued, events };
}

afterEach(async () => {
  const s = server;
  server = undefined;
  if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
});

describe('src/webhook/receiver', () => {
  it('lists the current secret first and the previous one with its end', () => {
    const secrets = webhookSecrets(
      config({ previousSecret: 'old', previousSecretValidUntil: '2026-11-22T10:00:00+01:00' }),
    );
    expect(secrets).toEqual([
      { secret: 'now' },
      { secret: 'old', validUntil: new Date('2026-11-22T09:00:00Z') },
    ]);
  });

  it('asks the secret provider afresh before refusing a signature (a secret rotated a moment ago)', async () => {
    const asked: boolean[] = [];
    let onFile = [{ secret: 'before-rotation' }];
    const { url, enqueued } = await start({
      config: config({ secret: undefined }),
      // Like the daemon's provider: a cached answer, unless asked for a fresh look.
      secrets: (fresh = false) => {
        asked.push(fresh);
        return fresh ? onFile : [{ secret: 'before-rotation' }];
      },
    });
    onFile = [{ secret: 'after-rotation' }];
    expect((await signedPost(url, accepted, 'after-rotation')).status).toBe(200);
    expect(asked).toEqual([false, true]);
    expect(enqueued).toHaveLength(1);
    // A wrong secret is still refused after the fresh look.
    expect((await signedPost(url, accepted, 'nobody-has-it')).status).toBe(401);
    expect(enqueued).toHaveLength(1);
  });

  it('enqueues a deal.accepted on the configured path with the parsed deal', async () => {
    const { url, enqueued, events } = await start({
      config: config(),
      clock: fixedClock('2026-11-21T20:00:00Z'),
    });

    const res = await signedPost(url, accepted, 'now');

    expect(res.status).toBe(200);
    expect(enqueued).toEqual([
      {
        dealId: 5,
        blogId: 7,
        event: { id: 5, blog: { id: 7 }, instant_publish: false, published_by: 'agent', category_id: null },
        receivedAt: '2026-11-21T20:00:00.000Z',
        source: 'webhook',
      },
    ]);
    expect(events).toMatchObject([{ event: 'deal.accepted', outcome: 'enqueued' }]);
  });

  it.each([
    ['within grace', '2099-01-01T00:00:00Z', 200],
    ['after grace', '2020-01-01T00:00:00Z', 401],
  ])('previous secret %s → %i', async (_name, validUntil, status) => {
    const { url } = await start({
      config: config({ previousSecret: 'old', previousSecretValidUntil: validUntil }),
    });
    expect((await signedPost(url, accepted, 'old')).status).toBe(status);
  });

  it('uses only the configured signature header when one is set', async () => {
    const { url } = await start({ config: config({ signatureHeader: 'X-Placla-Signature' }) });
    expect((await signedPost(url, accepted, 'now', 'X-Other-Signature')).status).toBe(401);
    expect((await signedPost(url, accepted, 'now', 'X-Placla-Signature')).status).toBe(200);
  });

  it('answers 503 while no secret is configured, so deliveries are retried', async () => {
    const { secret: _omit, ...rest } = config();
    const { url, enqueued } = await start({ config: rest });
    expect((await signedPost(url, accepted, 'now')).status).toBe(503);
    expect(enqueued).toHaveLength(0);
  });

  it('answers 503 when the enqueue does not settle in time', async () => {
    const { url } = await start({
      config: config(),
      storeTimeoutMs: 100,
      producer: { enqueueDeal: () => new Promise<EnqueueResult>(() => {}) },
    });
    const t0 = Date.now();
    const res = await signedPost(url, accepted, 'now');
    expect(res.status).toBe(503);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });

  it('answers 400 to an invalid deal.accepted and keeps it in the event log', async () => {
    const { url, enqueued, events } = await start({ config: config() });
    const res = await signedPost(url, { event: 'deal.accepted', deal: { id: 5 } }, 'now');
    expect(res.status).toBe(400);
    expect(enqueued).toHaveLength(0);
    expect(events).toMatchObject([{ event: 'deal.accepted', outcome: 'invalid' }]);
  });

  it('does not answer other paths or methods', async () => {
    const { url } = await start({ config: config() });
    expect((await fetch(url)).status).toBe(404);
    expect((await signedPost(url.replace('/placla', '/other'), accepted, 'now')).status).toBe(404);
  });
});
