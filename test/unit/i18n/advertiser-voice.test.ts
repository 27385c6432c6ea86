import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/i18n/index.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the advertiser voice of the last look (look.advertiser.reason.*)', () => {
  const reasons = Object.keys(MESSAGES).filter((key) => key.startsWith('verdict.reason.'));

  it('has one phrase per verdict reason, using only the params the verdict gives', () => {
    expect(reasons.length).toBeGreaterThan(20);
    for (const key of reasons) {
      const kind = key.slice('verdict.reason.'.length);
      const mine = (MESSAGES as Record<string, { cs: string; en: string }>)[`look.advertiser.reason.${kind}`];
      expect(mine, kind).toBeDefined();
      if (!mine) continue;
      const given = new Set(placeholders((MESSAGES as Record<string, { cs: string }>)[key]?.cs ?? ''));
      for (const used of [...placeholders(mine.cs), ...placeholders(mine.en)]) {
        expect(given.has(used), `${kind}: {${used}}`).toBe(true);
      }
      // Neutral terms: never the blogger's own settings ("vy berete", "vaše minimum").
      expect(mine.cs, kind).not.toMatch(/\bvy\b|vaš|odmítan/i);
    }
  });
});
