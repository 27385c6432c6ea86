/**
 * The `article_check` notification in both languages: a `page` problem names its findings, and on a paid deal
 * the message says until when the advertiser may still claim. The status card names each finding kind.
 */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/i18n/index.js';
import { renderMessage } from '../../../src/notify/render.js';
import type { NotifyEvent } from '../../../src/notify/types.js';
import { FINDING_KINDS } from '../../../src/watch/index.js';

const event: NotifyEvent = {
  topic: 'article_check',
  dealId: 7,
  blogId: 1,
  url: 'https://blog.example.cz/clanek',
  problem: 'page',
  detail: 'noindex: meta robots',
  claimUntil: '2028-11-01T08:00:00.000Z',
};
const options = { timeZone: 'Europe/Prague' };

describe('article_check notification', () => {
  it('says until when the advertiser may claim a paid article (cs, en)', () => {
    const cs = renderMessage(event, 'problem', createTranslator('cs'), options);
    expect(cs.body).toContain('se změnil tak, že ho inzerent může reklamovat (noindex: meta robots)');
    expect(cs.body).toContain('inzerent může reklamovat do 1. 11. 2028');
    const en = renderMessage(event, 'problem', createTranslator('en'), options);
    expect(en.body).toContain('changed in a way the advertiser may claim (noindex: meta robots)');
    expect(en.body).toMatch(/the advertiser may claim until .*2028/);
  });

  it('says nothing of a claim window for an unpaid deal', () => {
    const { claimUntil: _, ...unpaid } = event as Extract<NotifyEvent, { topic: 'article_check' }>;
    const en = renderMessage(unpaid, 'problem', createTranslator('en'), options);
    expect(en.body).not.toContain('may claim until');
  });

  it('has a name for every finding kind in both languages', () => {
    for (const language of ['cs', 'en'] as const) {
      const { t } = createTranslator(language);
      for (const kind of FINDING_KINDS) expect(t(`watch.finding.${kind}`)).not.toContain('watch.finding');
    }
  });
});
