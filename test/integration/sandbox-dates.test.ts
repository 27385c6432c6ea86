import { afterEach, describe, expect, it } from 'vitest';
import { parseServiceDateTime } from '../../src/marketplace/schema.js';
import { createSandbox, type DateFormat, type Sandbox, type SandboxDeal } from '../../src/sandbox/index.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

/** What a client has to do to read each wire format; the Prague form through the daemon's own parser. */
const readers: Record<DateFormat, { pattern: RegExp; read: (value: string) => number }> = {
  prague: {
    pattern: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    read: (v) => parseServiceDateTime(v)?.getTime() ?? Number.NaN,
  },
  utc: {
    pattern: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    read: (v) => Date.parse(`${v.replace(' ', 'T')}Z`),
  },
  iso: {
    pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/,
    read: (v) => Date.parse(v),
  },
};

async function api(sandbox: Sandbox, path: string, method = 'GET'): Promise<Record<string, unknown>> {
  const answer = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${sandbox.apiKey}` },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

describe('src/sandbox: dateFormat and acceptedMinutesAgo', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });

  it.each(['prague', 'utc', 'iso'] as const)(
    'dateFormat %s: a deal accepted 70 minutes ago arrives now, with a publish_deadline 10 minutes past',
    async (format) => {
      const { pattern, read } = readers[format];
      const sandbox = await createSandbox({ dateFormat: format, allowHttpWebhooks: true });
      cleanup.push(() => sandbox.close());
      const receiver = await startReceiver([200]);
      cleanup.push(() => new Promise((resolve) => receiver.server.close(() => resolve())));
      sandbox.setWebhook(receiver.url);
      expect(sandbox.dateFormat).toBe(format);

      const before = Date.now();
      const created = await fetch(`${sandbox.url}/_sandbox/deals`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ acceptedMinutesAgo: 70 }),
      });
      expect(created.status).toBe(201);
      const deal = (await created.json()) as SandboxDeal;
      const acceptedAt = Date.parse(deal.acceptedAt);
      expect(acceptedAt).toBeLessThanOrEqual(before - 70 * 60_000 + 1_000);
      expect(acceptedAt).toBeGreaterThanOrEqual(before - 70 * 60_000 - 1_000);
      expect(Date.parse(deal.publishDeadline)).toBe(acceptedAt + 60 * 60_000);

      // Delivered now (late): the webhook body carries the deadline in the wire format, already past.
      const body = await until(() => receiver.received[0]?.body);
      const event = JSON.parse(body) as { deal: { id: number; publish_deadline: string } };
      expect(event.deal.id).toBe(deal.id);
      expect(event.deal.publish_deadline).toMatch(pattern);
      expect(event.deal.publish_deadline).toBe(deal.acceptedEvent.deal.publish_deadline);
      // Whole seconds on the wire.
      expect(read(event.deal.publish_deadline)).toBe(Math.floor((acceptedAt + 60 * 60_000) / 1000) * 1000);
      expect(read(event.deal.publish_deadline)).toBeLessThan(Date.now() - 9 * 60_000);

      // API answers: changed_at (the acceptance), blog dates, the list, webhook.test and the delivery log.
      const detail = await api(sandbox, `/v1/deals/${deal.id}`);
      expect(detail.changed_at).toMatch(pattern);
      expect(read(String(detail.changed_at))).toBe(Math.floor(acceptedAt / 1000) * 1000);
      const list = (await api(sandbox, '/v1/deals')) as { data: Array<{ changed_at: string }> };
      expect(list.data[0]?.changed_at).toBe(detail.changed_at);
      const blogs = (await api(sandbox, '/v1/blogs')) as {
        data: Array<{ monthly_visitors_updated: string; metrics_updated: string }>;
      };
      expect(blogs.data[0]?.monthly_visitors_updated).toMatch(pattern);
      expect(Math.abs(read(String(blogs.data[0]?.metrics_updated)) - Date.now())).toBeLessThan(60_000);
      await api(sandbox, '/v1/webhook/test', 'POST');
      const testBody = JSON.parse(await until(() => receiver.received[1]?.body)) as { sent_at: string };
      expect(testBody.sent_at).toMatch(pattern);
      expect(Math.abs(read(testBody.sent_at) - Date.now())).toBeLessThan(60_000);
      const log = (await api(sandbox, '/v1/webhook/deliveries')) as { data: Array<{ created_at: string }> };
      expect(log.data.length).toBe(2);
      for (const record of log.data) expect(record.created_at).toMatch(pattern);
    },
  );

  it('reads zmeneno_od in the zone it writes: a UTC service takes the plain form as UTC', async () => {
    const sandbox = await createSandbox({ dateFormat: 'utc' });
    cleanup.push(() => sandbox.close());
    const old = await sandbox.createDeal({ acceptedMinutesAgo: 120, deliver: false });
    const fresh = await sandbox.createDeal({ deliver: false });
    // 30 minutes ago, written as UTC wall clock: the old deal is older, the fresh one newer.
    const since = new Date(Date.now() - 30 * 60_000).toISOString().slice(0, 19);
    const listed = (await api(sandbox, `/v1/deals?zmeneno_od=${since}`)) as { data: Array<{ id: number }> };
    expect(listed.data.map((d) => d.id)).toEqual([fresh.id]);
    expect(old.id).not.toBe(fresh.id);
  });

  it('refuses a negative acceptedMinutesAgo and changes nothing', async () => {
    const sandbox = await createSandbox();
    cleanup.push(() => sandbox.close());
    const answer = await fetch(`${sandbox.url}/_sandbox/deals`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ acceptedMinutesAgo: -5 }),
    });
    expect(answer.status).toBe(400);
    expect(sandbox.listDeals()).toEqual([]);
  });
});
