import { describe, expect, it } from 'vitest';
import {
  DealAcceptedEvent,
  Deal as DealSchema,
  DealText,
  formatServiceDateTime,
} from '../../../src/marketplace/schema.js';
import { defaultArticleHtml } from '../../../src/sandbox/sample-article.js';
import { createSandboxState } from '../../../src/sandbox/state.js';
import { isOnBlogDomain } from '../../../src/sandbox/urls.js';
import { dealAcceptedBody, dealTextView, dealView } from '../../../src/sandbox/views.js';
import { fixedClock } from '../../helpers/clock.js';

function world(now = Date.UTC(2026, 0, 15, 10, 0, 0)) {
  return createSandboxState({
    keys: [{ key: 'k', role: 'bloger', scopes: ['read', 'write'] }],
    blogs: [{ id: 7, name: 'Můj blog', url: 'https://www.blog.cz' }],
    clock: fixedClock(new Date(now)),
  });
}

describe('src/sandbox/state', () => {
  it('writes the default article with an h1, a rel link and both marker placements', () => {
    const html = defaultArticleHtml('Sekačky & <spol.>', 'https://shop.example.cz/x', 3);

    expect(html.startsWith('<h1>Sekačky &#38; &#60;spol.&#62;</h1>')).toBe(true);
    expect(html).toContain('<a href="https://shop.example.cz/x" rel="sponsored">');
    expect(html).toContain('<p>[foto1]</p>');
    expect(html).toMatch(/<p>[^<]*\S \[foto2\] \S[^<]*<\/p>/);
    expect(html).toContain('<p>[foto3]</p>');
    expect(html).not.toContain('[foto4]');
  });

  it('renders a deal in the shapes our client schemas parse', () => {
    const state = world();
    const deal = state.createDeal({ blogId: 7, photos: 2, categoryId: 3, deadlineMinutes: 60 });
    const blog = state.blogs.get(7);

    const accepted = DealAcceptedEvent.parse(dealAcceptedBody(deal, blog));
    const text = DealText.parse(dealTextView(deal));
    const detail = DealSchema.parse(
      dealView(deal, blog, { role: 'bloger', detail: true, baseUrl: 'http://x' }),
    );

    expect(accepted.deal).toMatchObject({ id: deal.id, blog: { id: 7, name: 'Můj blog' }, category_id: 3 });
    // 10:00 UTC in January is 11:00 in Prague; the deadline is 60 minutes later.
    expect(accepted.deal.publish_deadline).toBe('2026-01-15 12:00:00');
    expect(text.photos).toEqual([
      { n: 0, url: `/v1/deals/${deal.id}/photos/0` },
      { n: 1, url: `/v1/deals/${deal.id}/photos/1` },
      { n: 2, url: `/v1/deals/${deal.id}/photos/2` },
    ]);
    expect(detail.demand.keywords).toBe('zahradní sekačka, sekačky na trávu');
    expect(detail.reward).toBe(deal.reward);
    expect(detail.changed_at).toBe(formatServiceDateTime(new Date(deal.changedAt)));
  });

  it('hides the reward from the advertiser', () => {
    const state = world();
    const deal = state.createDeal({});

    const view = dealView(deal, undefined, { role: 'inzerent', detail: false, baseUrl: 'http://x' });

    expect(view).not.toHaveProperty('reward');
    expect(view.demand).toEqual({ id: deal.demand.id, name: deal.demand.name });
  });

  it('numbers deals and demands on from where a sandbox started a second earlier stopped', () => {
    const start = Date.UTC(2026, 10, 27, 18, 0, 0);
    const first = world(start);
    // Ten deals in its one second: the most a run may average without meeting the next run's ids.
    const before = Array.from({ length: 10 }, () => first.createDeal({}));
    const restarted = world(start + 1_000);

    const after = restarted.createDeal({});

    const dealIds = before.map((d) => d.id);
    expect(new Set(dealIds).size).toBe(10);
    expect(after.id).toBeGreaterThan(Math.max(...dealIds));
    expect(after.demand.id).toBeGreaterThan(Math.max(...before.map((d) => d.demand.id)));
    // Still a 32-bit integer, as a marketplace's ids may be stored.
    expect(Number.isInteger(after.id) && after.id < 2 ** 31).toBe(true);
  });

  it('refuses an unknown blog and more than five photos', () => {
    const state = world();

    expect(() => state.createDeal({ blogId: 99 })).toThrow(RangeError);
    expect(() => state.createDeal({ photos: 6 })).toThrow(RangeError);
  });

  it.each([
    ['https://www.blog.cz/a', 'https://www.blog.cz', true],
    ['https://blog.cz/a', 'https://www.blog.cz', true],
    ['https://cdn.blog.cz/a', 'https://blog.cz', true],
    ['https://evilblog.cz/a', 'https://blog.cz', false],
    ['https://blog.cz.evil.com/a', 'https://blog.cz', false],
    ['http://127.0.0.1:8080/a', 'http://127.0.0.1', true],
  ])('%s is on the domain of %s: %s', (article, blog, expected) => {
    expect(isOnBlogDomain(new URL(article), blog)).toBe(expected);
  });
});
