/**
 * The ingest baseline: the least a correct webhook endpoint can do. Express with a raw body on the route, an
 * HMAC-SHA256 check in constant time, `JSON.parse`, and one BullMQ `queue.add` with the deal's job id; 200 after
 * Redis acknowledged. No deal record, no event log, no schema, no logging.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import express from 'express';
import { Redis } from 'ioredis';
import { CHILD_ENV, type ChildToParent, type ParentToChild } from '../lib/protocol.js';

export interface BaselineSettings {
  redisUrl: string;
  prefix: string;
  secret: string;
  header: string;
}

const settings = JSON.parse(process.env[CHILD_ENV] ?? '{}') as BaselineSettings;
const connection = new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
const queue = new Queue('deals', { connection, prefix: settings.prefix });
const header = settings.header.toLowerCase();

const app = express();
app.post('/webhook', express.raw({ type: () => true, limit: 1024 * 1024 }), async (req, res) => {
  const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const given = Buffer.from(String(req.headers[header] ?? ''), 'hex');
  const expected = createHmac('sha256', settings.secret).update(body).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    res.status(401).end();
    return;
  }
  let id: number;
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
    id = Number((event as { deal: { id: unknown } }).deal.id);
  } catch {
    res.status(400).end();
    return;
  }
  try {
    await queue.add('deal', event, { jobId: `deal-${id}` });
  } catch {
    res.status(503).end();
    return;
  }
  res.status(200).json({ ok: true });
});

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({
    type: 'ready',
    pid: process.pid,
    webhookUrl: `http://127.0.0.1:${port}/webhook`,
  } satisfies ChildToParent);
});

process.on('message', (message: ParentToChild) => {
  if (message.type !== 'stop') return;
  server.close();
  server.closeAllConnections();
  void queue
    .close()
    .then(() => connection.quit())
    .finally(() => {
      process.send?.({ type: 'stopped' } satisfies ChildToParent);
      process.exit(0);
    });
});
process.on('disconnect', () => process.exit(0));
