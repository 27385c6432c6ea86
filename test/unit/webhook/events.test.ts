import { describe, expect, it } from 'vitest';
import { parseWebhookBody } from '../../../src/webhook/events.js';

const accepted = {
  event: 'deal.accepted',
  deal: {
    id: 42,
    blog: { id: 7, name: 'Blog' },
    demand: { id: 3, name: 'Demand' },
    price: 1000,
    instant_publish: false,
    published_by: 'agent',
    category_id: null,
    publish_deadline: '2026-05-01 14:00:00',
    unknown_field: 'ignored',
  },
};

describe('src/webhook/events', () => {
  it.each([
    ['not JSON', '{oops', 'bad_json'],
    ['no event field', '{"deal":{"id":1}}', 'invalid'],
    ['deal.accepted without deal.id', '{"event":"deal.accepted","deal":{"blog":{"id":1}}}', 'invalid'],
    ['deal.accepted', JSON.stringify(accepted), 'deal.accepted'],
    ['message.created', '{"event":"message.created","deal_id":5,"message":{"text":"hi"}}', 'other'],
    ['unknown event', '{"event":"future.thing","x":1}', 'other'],
  ])('%s → %s', (_name, body, kind) => {
    expect(parseWebhookBody(Buffer.from(body)).kind).toBe(kind);
  });

  it('names the offending field of a bad deal.accepted', () => {
    const parsed = parseWebhookBody(
      Buffer.from('{"event":"deal.accepted","deal":{"id":"x","blog":{"id":1}}}'),
    );
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.message).toContain('deal.id');
  });

  it('finds the deal of other events and whether they are known', () => {
    const parsed = parseWebhookBody(Buffer.from('{"event":"claim.created","deal_id":9}'));
    expect(parsed).toMatchObject({ kind: 'other', known: true, dealId: 9 });
    expect(parseWebhookBody(Buffer.from('{"event":"x.y"}'))).toMatchObject({
      known: false,
      dealId: undefined,
    });
  });

  it('drops unknown fields of deal.accepted', () => {
    const parsed = parseWebhookBody(Buffer.from(JSON.stringify(accepted)));
    expect(parsed.kind === 'deal.accepted' && parsed.event.deal).not.toHaveProperty('unknown_field');
  });

  it('strips bidi controls from the names of deal.accepted and the text of a claim or message', () => {
    const spoof = '\u202Egnp.exe';
    const body = {
      ...accepted,
      deal: {
        ...accepted.deal,
        blog: { id: 7, name: spoof },
        demand: { id: 3, name: `\u2067${spoof}\u2069` },
      },
    };
    const parsed = parseWebhookBody(Buffer.from(JSON.stringify(body)));
    expect(parsed.kind === 'deal.accepted' && parsed.event.deal.blog.name).toBe('gnp.exe');
    expect(parsed.kind === 'deal.accepted' && parsed.event.deal.demand?.name).toBe('gnp.exe');

    for (const key of ['claim', 'message'] as const) {
      const event = {
        event: `${key}.created`,
        deal_id: 5,
        [key]: {
          text: `Dobrý den ${spoof}\u200B\nřádek 2\u2028`,
          created_at: '2026-05-01 14:00:00',
          extra: 1,
        },
      };
      const other = parseWebhookBody(Buffer.from(JSON.stringify(event)));
      expect(other.kind).toBe('other');
      // The text loses its invisible characters and keeps its lines; the other fields are kept as sent.
      expect(other.kind === 'other' && other.event[key]).toEqual({
        text: 'Dobrý den gnp.exe\nřádek 2\n',
        created_at: '2026-05-01 14:00:00',
        extra: 1,
      });
    }
  });

  it('leaves a claim whose text is not a string as it came', () => {
    const parsed = parseWebhookBody(Buffer.from('{"event":"claim.created","deal_id":5,"claim":{"text":7}}'));
    expect(parsed.kind === 'other' && parsed.event.claim).toEqual({ text: 7 });
  });
});
