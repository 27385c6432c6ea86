import { describe, expect, it } from 'vitest';
import { Config } from '../../../src/config/schema.js';
import { dealDeadline } from '../../../src/deals/lifecycle.js';
import { Deal, parseServiceDateTime } from '../../../src/marketplace/schema.js';
import { DealJobPayload } from '../../../src/queue/jobs.js';
import { payloadFromListedDeal, ReconcileSettings } from '../../../src/reconcile/index.js';

const listed = (fields: Record<string, unknown> = {}) =>
  Deal.parse({
    id: 4242,
    state: 'akceptovano',
    blog: { id: 3, name: 'Blog' },
    demand: { id: 77, name: 'Poptávka' },
    web_url: 'https://marketplace.example/obchody/4242',
    changed_at: '2026-11-21 23:40:00',
    price: 2500,
    article_url: null,
    reward: 1800,
    ...fields,
  });

describe('src/reconcile payloadFromListedDeal', () => {
  const now = new Date('2026-11-21T23:00:00.000Z');

  it('builds a job payload the producer accepts, marked as found by reconciliation', () => {
    const payload = payloadFromListedDeal(listed(), now);
    expect(DealJobPayload.safeParse(payload).success).toBe(true);
    expect(payload).toMatchObject({
      dealId: 4242,
      blogId: 3,
      source: 'reconcile',
      receivedAt: '2026-11-21T23:00:00.000Z',
      event: { id: 4242, blog: { id: 3 }, demand: { id: 77, name: 'Poptávka' }, price: 2500, reward: 1800 },
    });
  });

  it('takes the list as agent-published: the pipeline decides on the text', () => {
    expect(payloadFromListedDeal(listed(), now).event).toMatchObject({
      published_by: 'agent',
      instant_publish: false,
      category_id: null,
    });
  });

  it.each([
    ['changed_at + 60 minutes', '2026-11-21 23:40:00', '2026-11-22 00:40:00'],
    ['across midnight and the date', '2026-12-31 23:30:00', '2027-01-01 00:30:00'],
  ])('deadline: %s (Prague wall clock)', (_name, changedAt, deadline) => {
    const payload = payloadFromListedDeal(listed({ changed_at: changedAt }), now);
    expect(payload.event.publish_deadline).toBe(deadline);
    expect(dealDeadline(payload)).toEqual(parseServiceDateTime(deadline));
  });

  it('deadline without changed_at, or with one it cannot read: 60 minutes from now', () => {
    for (const changedAt of [undefined, 'včera odpoledne']) {
      const payload = payloadFromListedDeal(listed({ changed_at: changedAt }), now);
      expect(dealDeadline(payload).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    }
  });
});

describe('src/reconcile settings', () => {
  it('defaults: on, every 5 minutes, a first sweep 2 hours back', () => {
    expect(ReconcileSettings.parse({})).toEqual({ enabled: true, intervalMinutes: 5, lookbackMinutes: 120 });
    const config = Config.parse({ marketplace: { baseUrl: 'https://api.example', apiKey: 'k' } });
    expect(config.reconcile).toEqual({ enabled: true, intervalMinutes: 5, lookbackMinutes: 120 });
  });

  it.each([
    [{ intervalMinutes: 0 }, 'intervalMinutes'],
    [{ intervalMinutes: 24 * 60 + 1 }, 'intervalMinutes'],
    [{ lookbackMinutes: 0 }, 'lookbackMinutes'],
    [{ lookbackMinutes: 1.5 }, 'lookbackMinutes'],
    [{ enabled: 'yes' }, 'enabled'],
  ])('refuses %o', (input, path) => {
    const parsed = ReconcileSettings.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual([path]);
  });

  it('takes a fraction of a minute as the interval', () => {
    expect(ReconcileSettings.parse({ intervalMinutes: 0.5 }).intervalMinutes).toBe(0.5);
  });
});
