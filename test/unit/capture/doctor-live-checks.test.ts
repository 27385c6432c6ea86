import { describe, expect, it } from 'vitest';
import { englishCheck, type LiveCheck, notChecked } from '../../../src/commands/doctor-live-check.js';
import {
  checkDealList,
  checkDealText,
  checkIdentity,
  checkPhoto,
  checkRateLimitHeaders,
} from '../../../src/commands/doctor-live-checks.js';
import { printChecks } from '../../../src/commands/doctor-live-print.js';
import type { RecordedAnswer } from '../../../src/commands/doctor-live-record.js';
import { createOutput } from '../../../src/commands/output.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { foreignLines } from '../../helpers/language.js';

const NOW = Date.parse('2026-11-23T19:40:00Z');
function answer(
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
  status = 200,
): RecordedAnswer {
  return {
    method: 'GET',
    path,
    status,
    headers: new Headers({
      date: new Date(NOW).toUTCString(),
      'x-ratelimit-remaining': '55',
      'x-ratelimit-reset': String(NOW / 1000 + 30),
      ...headers,
    }),
    ...(json === undefined ? {} : { json }),
    receivedAt: NOW,
  };
}

const text = (photos: unknown[]) => ({
  deal_id: 7,
  text: '<h1>Titulek, který nesmí ven</h1>',
  photos,
  instant_publish: false,
  published_by: 'agent',
  category_id: null,
});

describe('doctor --live: the checks', () => {
  it('deal text: a photo on another host differs; missing, relative and same-host URLs hold', () => {
    const origin = 'https://api.example.cz';
    const held = checkDealText(
      answer(
        '/v1/deals/7/text',
        text([
          { n: 0 },
          { n: 1, url: '/v1/deals/7/photos/1' },
          { n: 2, url: `${origin}/v1/deals/7/photos/2` },
        ]),
      ),
      '',
      7,
      origin,
    );
    expect(held.outcome).toBe('held');
    expect(held.detail).toContain('3 photo(s), url missing/path/absolute');
    const foreign = checkDealText(
      answer('/v1/deals/7/text', text([{ n: 1, url: 'https://cdn.example.com/1.jpg' }])),
      '',
      7,
      origin,
    );
    expect(foreign.outcome).toBe('differs');
    expect(foreign.differences).toEqual([
      {
        path: 'photos[].url',
        found: 'absolute URL on another host (cdn.example.com)',
        expected: 'missing, a path, or an absolute URL on api.example.cz',
      },
    ]);
    expect(JSON.stringify(foreign)).not.toContain('Titulek');
    const waiting = checkDealText(
      answer('/v1/deals/7/text', { error: { code: 'ceka_na_schvaleni' } }, {}, 409),
      '',
      7,
      origin,
    );
    expect(waiting.outcome).toBe('not checked');
  });

  it('identity: a key of the wrong role or without write differs, with the fix', () => {
    const result = checkIdentity(
      answer('/v1/me', { id: 1, login: 'x', role: 'inzerent', scopes: ['read'] }),
      '',
    );
    expect(result.outcome).toBe('differs');
    expect(result.differences.map((d) => d.path)).toEqual(['role', 'scopes']);
    expect(result.fix).toContain('scopes read + write');
  });

  it('deals list: paging fields that do not match the request differ', () => {
    const result = checkDealList(answer('/v1/deals', { data: [], strana: 0, na_stranu: 20, celkem: 0 }), '', {
      page: 1,
      perPage: 50,
    });
    expect(result.differences).toEqual([
      { path: 'strana', found: '0', expected: '1 (the page asked for)' },
      { path: 'na_stranu', found: '20', expected: '50 (as asked)' },
    ]);
  });

  it('photo: another content type differs', () => {
    expect(
      checkPhoto(answer('/v1/deals/7/photos/1', undefined, { 'content-type': 'image/webp' }), '', 1)
        .differences,
    ).toEqual([{ path: 'Content-Type', found: 'image/webp', expected: 'image/jpeg' }]);
  });

  it('rate-limit headers: missing ones, a reset in seconds-until, another limit', () => {
    const result = checkRateLimitHeaders(
      [
        answer('/v1/me', {}, { 'x-ratelimit-reset': '30', 'x-ratelimit-limit': '120' }),
        { ...answer('/v1/blogs', {}), headers: new Headers({ date: new Date(NOW).toUTCString() }) },
      ],
      60,
    );
    expect(result.outcome).toBe('differs');
    expect(result.differences).toEqual([
      {
        path: 'X-RateLimit-Reset',
        found: 'seconds until the reset',
        expected: 'Unix time in seconds of the window’s end',
      },
      {
        path: 'X-RateLimit-Limit',
        found: '120',
        expected: '60 (marketplace.requestsPerMinute; the document: 60)',
      },
      { path: 'X-RateLimit-Remaining (GET /v1/blogs)', found: 'missing', expected: 'a whole number' },
      { path: 'X-RateLimit-Reset (GET /v1/blogs)', found: 'missing', expected: 'Unix time in seconds' },
    ]);
    expect(result.fix).toContain('marketplace.requestsPerMinute');
  });

  it.each(['cs', 'en'] as const)(
    'prints every line in %s, the capture and --json keeping the English',
    (language) => {
      const origin = 'https://api.example.cz';
      const checks = [
        checkIdentity(answer('/v1/me', { id: 1, login: 'x', role: 'inzerent', scopes: ['read'] }), ''),
        checkDealList(answer('/v1/deals', { data: [], strana: 0, na_stranu: 20, celkem: 0 }), '', {
          page: 1,
          perPage: 50,
        }),
        checkDealText(
          answer('/v1/deals/7/text', text([{ n: 1, url: 'https://cdn.example.com/1.jpg' }])),
          '',
          7,
          origin,
        ),
        checkDealText(answer('/v1/deals/7/text', { text: 1 }), '', 7, origin),
        checkPhoto(answer('/v1/deals/7/photos/1', undefined, { 'content-type': 'image/webp' }), '', 1),
        checkRateLimitHeaders(
          [answer('/v1/me', {}, { 'x-ratelimit-reset': '30', 'x-ratelimit-limit': '120' })],
          60,
        ),
        checkIdentity(undefined, 'ECONNREFUSED'),
        notChecked({ key: 'live.name.photo' }, { key: 'live.no_text_yet' }),
      ];
      let printed = '';
      const out = createOutput({
        colour: false,
        t: createTranslator(language),
        write: (t) => {
          printed += t;
        },
      });

      printChecks(out, checks);

      const other = language === 'cs' ? 'en' : 'cs';
      // Field paths and header names are notation: left out of the reading.
      const notation = ['X-RateLimit-Reset', 'X-RateLimit-Limit', 'photos[].url', 'photos:'];
      expect(foreignLines(printed, language, notation)).toEqual([]);
      expect(foreignLines(printed, other).length).toBeGreaterThan(5);
      expect(printed).toContain(language === 'cs' ? 'identita a oprávnění' : 'identity and scopes');
      expect(checks[0]?.name).toBe('identity and scopes');
      expect(englishCheck(checks[0] as LiveCheck)).not.toHaveProperty('said');
    },
  );
});
