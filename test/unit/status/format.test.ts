import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/i18n/index.js';
import {
  DEADLINE_WARNING_MS,
  deadlineCountdown,
  formatAge,
  formatAgo,
  formatCountdown,
  formatDuration,
  pageInfo,
  parseChoice,
  parsePositiveInt,
  stateTone,
} from '../../../src/status/format.js';

const cs = createTranslator('cs');
const en = createTranslator('en');

const NOW = new Date('2026-05-01T10:00:00.000Z');
const inMs = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const MIN = 60_000;

describe('src/status/format', () => {
  it.each([
    [0, '0 ms'],
    [340, '340 ms'],
    [999.6, '1000 ms'],
    [1000, '1.0 s'],
    [4_249, '4.2 s'],
    [9_999, '9.9 s'],
    [10_000, '10 s'],
    [42_000, '42 s'],
    [59_999, '59 s'],
    [60_000, '1 min 00 s'],
    [12 * MIN + 5_000, '12 min 05 s'],
    [60 * MIN, '1 h 00 min'],
    [123 * MIN, '2 h 03 min'],
    [24 * 60 * MIN, '1 d 00 h'],
    [(3 * 24 + 4) * 60 * MIN, '3 d 04 h'],
    [-1, '–'],
    [Number.NaN, '–'],
    [Number.POSITIVE_INFINITY, '–'],
  ])('formatDuration(%d) → %s', (ms, expected) => {
    expect(formatDuration(ms, 'en')).toBe(expected);
  });

  it.each([
    [340, '340 ms'],
    [4_249, '4,2 s'],
    [12 * MIN + 5_000, '12 min 05 s'],
    [(3 * 24 + 4) * 60 * MIN, '3 d 04 h'],
  ])('formatDuration(%d) in Czech → %s (decimal comma, the same unit symbols)', (ms, expected) => {
    expect(formatDuration(ms, 'cs')).toBe(expected);
  });

  it.each([
    [0, '0 s'],
    [40_500, '40 s'],
    [12 * MIN + 59_000, '12 min'],
    [185 * MIN, '3 h 05 min'],
    [(2 * 24 + 4) * 60 * MIN, '2 d 04 h'],
    [-5_000, '0 s'],
  ])('formatAge(%d) → %s', (ms, expected) => {
    expect(formatAge(ms)).toBe(expected);
  });

  it.each([
    [inMs(-12 * MIN), '12 min ago'],
    [inMs(-200), 'just now'],
    [inMs(5 * MIN), 'just now'],
    ['not a date', '–'],
  ])('formatAgo(%s) → %s', (iso, expected) => {
    expect(formatAgo(iso, NOW, en)).toBe(expected);
  });

  it.each([
    [inMs(-12 * MIN), 'před 12 min'],
    [inMs(-(2 * 24 + 4) * 60 * MIN), 'před 2 d 04 h'],
    [inMs(-200), 'právě teď'],
    ['not a date', '–'],
  ])('formatAgo(%s) in Czech → %s', (iso, expected) => {
    expect(formatAgo(iso, NOW, cs)).toBe(expected);
  });

  it.each([
    [42 * MIN + 5_000, '42 min 05 s'],
    [59_000, '0 min 59 s'],
    [-(3 * MIN + 2_000), '3 min 02 s'],
    [65 * MIN, '1 h 05 min'],
  ])('formatCountdown(%d) → %s', (ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });

  describe('deadlineCountdown', () => {
    it.each([
      ['45 min left', 45 * MIN, 'processing', 'ok', '45 min 00 s left'],
      ['exactly 15 min left', DEADLINE_WARNING_MS, 'publishing', 'ok', '15 min 00 s left'],
      ['one second under 15 min', DEADLINE_WARNING_MS - 1_000, 'publishing', 'soon', '14 min 59 s left'],
      ['one second left', 1_000, 'handing_in', 'soon', '0 min 01 s left'],
      ['due right now', 0, 'handing_in', 'missed', 'overdue 0 min 00 s'],
      ['missed by 3 min', -3 * MIN, 'retrying', 'missed', 'overdue 3 min 00 s'],
      ['a failed deal still counts down', 20 * MIN, 'failed', 'ok', '20 min 00 s left'],
      ['two hours left', 125 * MIN, 'received', 'ok', '2 h 05 min left'],
    ])('%s', (_name, remaining, state, tone, text) => {
      const view = deadlineCountdown(inMs(remaining), state, NOW, en);
      expect(view.tone).toBe(tone);
      expect(view.text).toBe(text);
      expect(view.remainingMs).toBe(remaining);
    });

    it.each(['handed_in', 'skipped', 'handled', 'deadline_missed'])(
      'shows no countdown for final state %s',
      (state) => {
        expect(deadlineCountdown(inMs(-5 * MIN), state, NOW, en)).toEqual({ tone: 'none', text: '' });
        expect(deadlineCountdown(inMs(5 * MIN), state, NOW, cs)).toEqual({ tone: 'none', text: '' });
      },
    );

    it.each([
      ['45 min left', 45 * MIN, 'ok', 'zbývá 45 min 00 s'],
      ['one second under 15 min', DEADLINE_WARNING_MS - 1_000, 'soon', 'zbývá 14 min 59 s'],
      ['missed by 3 min', -3 * MIN, 'missed', '3 min 00 s po termínu'],
      ['two hours left', 125 * MIN, 'ok', 'zbývá 2 h 05 min'],
    ])('in Czech: %s', (_name, remaining, tone, text) => {
      expect(deadlineCountdown(inMs(remaining), 'processing', NOW, cs)).toEqual({
        tone,
        text,
        remainingMs: remaining,
      });
    });

    it('shows nothing for an unreadable deadline', () => {
      expect(deadlineCountdown('', 'processing', NOW, en).tone).toBe('none');
      expect(deadlineCountdown('tomorrow', 'processing', NOW, en).tone).toBe('none');
    });
  });

  it.each([
    ['handed_in', 'done'],
    ['processing', 'working'],
    ['verifying', 'working'],
    ['waiting_approval', 'waiting'],
    ['retrying', 'waiting'],
    ['failed', 'problem'],
    ['deadline_missed', 'problem'],
    ['skipped', 'neutral'],
    ['handled', 'neutral'],
    ['some_future_state', 'neutral'],
  ])('stateTone(%s) → %s', (state, tone) => {
    expect(stateTone(state)).toBe(tone);
  });

  it.each([
    [0, 1, { page: 1, pageCount: 1, offset: 0, hasPrevious: false, hasNext: false }],
    [25, 1, { page: 1, pageCount: 1, offset: 0, hasPrevious: false, hasNext: false }],
    [26, 1, { page: 1, pageCount: 2, offset: 0, hasPrevious: false, hasNext: true }],
    [26, 2, { page: 2, pageCount: 2, offset: 25, hasPrevious: true, hasNext: false }],
    [60, 2, { page: 2, pageCount: 3, offset: 25, hasPrevious: true, hasNext: true }],
    [10, 7, { page: 7, pageCount: 1, offset: 150, hasPrevious: true, hasNext: false }],
  ])('pageInfo(total %i, page %i)', (total, page, expected) => {
    expect(pageInfo(total, page, 25)).toEqual({ ...expected, pageSize: 25 });
  });

  it.each([
    [undefined, { ok: true, value: undefined }],
    ['1', { ok: true, value: 1 }],
    ['41013', { ok: true, value: 41013 }],
    ['100000', { ok: true, value: 100000 }],
    ['100001', { ok: false }],
    ['0', { ok: false }],
    ['-1', { ok: false }],
    ['01', { ok: false }],
    ['1e3', { ok: false }],
    ['1.5', { ok: false }],
    [' 1', { ok: false }],
    ['abc', { ok: false }],
    ['', { ok: false }],
    [['1', '2'], { ok: false }],
    ['99999999999999999', { ok: false }],
  ])('parsePositiveInt(%j, 100000) → %j', (raw, expected) => {
    expect(parsePositiveInt(raw, 100_000)).toEqual(expected);
  });

  it.each([
    [undefined, { ok: true, value: undefined }],
    ['', { ok: true, value: undefined }],
    ['warn', { ok: true, value: 'warn' }],
    ['WARN', { ok: false }],
    ['verbose', { ok: false }],
    [['warn'], { ok: false }],
  ])('parseChoice(%j) → %j', (raw, expected) => {
    expect(parseChoice(raw, ['info', 'warn', 'error'] as const)).toEqual(expected);
  });
});
