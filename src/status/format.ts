/**
 * Pure helpers of the views: durations, countdowns, times, state colours and paging. No I/O, no clock of
 * their own: the current time is always passed in.
 */
import { isPastDeadlineConcern } from '../deals/lifecycle.js';
import type { Language, Translator } from '../i18n/index.js';

/** Under this much time left the countdown turns amber. */
export const DEADLINE_WARNING_MS = 15 * 60_000;

export type StateTone = 'done' | 'working' | 'waiting' | 'problem' | 'neutral';

const STATE_TONES: Readonly<Record<string, StateTone>> = {
  received: 'working',
  processing: 'working',
  fetching: 'working',
  fetched: 'working',
  rendering: 'working',
  publishing: 'working',
  published: 'working',
  verifying: 'working',
  handing_in: 'working',
  handed_in: 'done',
  waiting_approval: 'waiting',
  retrying: 'waiting',
  failed: 'problem',
  deadline_missed: 'problem',
  skipped: 'neutral',
  handled: 'neutral',
  closed: 'neutral',
};

/** The colour family of a state; an unknown (newer) state is neutral. */
export function stateTone(state: string): StateTone {
  return STATE_TONES[state] ?? 'neutral';
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/*
 * Units: the SI symbols `ms`, `s`, `min`, `h` and `d` read the same in Czech and English (Czech writes `d` for
 * den, and an abbreviation needs no declension after "před"); what differs is the decimal comma and the words
 * around them ("před 12 min" / "12 min ago"), which come from the message catalog.
 */

/** A measured duration, precise enough for step timings: `340 ms`, `4.2 s` (cs `4,2 s`), `12 min 05 s`, `2 h 03 min`. */
export function formatDuration(ms: number, language: Language): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) {
    const tenths = (Math.floor(ms / 100) / 10).toFixed(1);
    return `${language === 'cs' ? tenths.replace('.', ',') : tenths} s`;
  }
  const totalSeconds = Math.floor(ms / 1000);
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes < 60) return `${totalMinutes} min ${pad2(totalSeconds % 60)} s`;
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours < 24) return `${totalHours} h ${pad2(totalMinutes % 60)} min`;
  return `${Math.floor(totalHours / 24)} d ${pad2(totalHours % 24)} h`;
}

/** A coarse age: `40 s`, `12 min`, `3 h 05 min`, `2 d 04 h` (whole numbers: the same in both languages). */
export function formatAge(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  const abs = Math.max(0, ms);
  const totalSeconds = Math.floor(abs / 1000);
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes < 60) return `${totalMinutes} min`;
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours < 24) return `${totalHours} h ${pad2(totalMinutes % 60)} min`;
  return `${Math.floor(totalHours / 24)} d ${pad2(totalHours % 24)} h`;
}

/** "12 min ago" / "před 12 min"; a time in the future (clock skew) reads "just now" / "právě teď". */
export function formatAgo(iso: string, now: Date, t: Translator): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '–';
  const ms = now.getTime() - at;
  if (ms < 1000) return t.t('status.time.just_now');
  return t.t('status.time.ago', { age: formatAge(ms) });
}

/**
 * The countdown's time, shared with the ticking script (assets.ts implements the same rule): seconds are shown
 * under an hour, where they matter.
 */
export function formatCountdown(ms: number): string {
  const abs = Math.abs(ms);
  const totalSeconds = Math.floor(abs / 1000);
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes >= 60) return `${Math.floor(totalMinutes / 60)} h ${pad2(totalMinutes % 60)} min`;
  return `${totalMinutes} min ${pad2(totalSeconds % 60)} s`;
}

export type DeadlineTone = 'none' | 'ok' | 'soon' | 'missed';

export interface DeadlineView {
  tone: DeadlineTone;
  /** Empty when `tone` is `none`. */
  text: string;
  /** Milliseconds left (negative when missed); absent when no countdown is shown. */
  remainingMs?: number;
}

/** The deadline countdown of a deal: none for final states, amber under 15 minutes, red when missed. */
export function deadlineCountdown(deadline: string, state: string, now: Date, t: Translator): DeadlineView {
  if (isPastDeadlineConcern(state)) return { tone: 'none', text: '' };
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return { tone: 'none', text: '' };
  const remainingMs = at - now.getTime();
  const time = formatCountdown(remainingMs);
  if (remainingMs <= 0)
    return { tone: 'missed', text: t.t('status.countdown.overdue', { time }), remainingMs };
  const tone: DeadlineTone = remainingMs < DEADLINE_WARNING_MS ? 'soon' : 'ok';
  return { tone, text: t.t('status.countdown.left', { time }), remainingMs };
}

export interface PageInfo {
  page: number;
  pageCount: number;
  offset: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Paging over `total` items; `page` counts from 1 and may lie past the end (an empty page). */
export function pageInfo(total: number, page: number, pageSize: number): PageInfo {
  const pageCount = Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
  return {
    page,
    pageCount,
    offset: (page - 1) * pageSize,
    pageSize,
    hasPrevious: page > 1,
    hasNext: page < pageCount,
  };
}

/** Result of reading one query or path parameter. */
export type Parsed<T> = { ok: true; value: T | undefined } | { ok: false };

/**
 * A positive integer without sign, leading zeros or exponent, at most `max`; absent → `undefined`. A repeated
 * parameter (`?page=1&page=2`, an array) is invalid.
 */
export function parsePositiveInt(raw: unknown, max = Number.MAX_SAFE_INTEGER): Parsed<number> {
  if (raw === undefined) return { ok: true, value: undefined };
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,15}$/.test(raw)) return { ok: false };
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value > max) return { ok: false };
  return { ok: true, value };
}

/** One of `allowed`, or absent (also the empty string, as an "any" choice in a form); anything else is invalid. */
export function parseChoice<T extends string>(raw: unknown, allowed: readonly T[]): Parsed<T> {
  if (raw === undefined || raw === '') return { ok: true, value: undefined };
  if (typeof raw !== 'string') return { ok: false };
  const found = allowed.find((item) => item === raw);
  return found === undefined ? { ok: false } : { ok: true, value: found };
}

/** A size on disk: `512 B`, `12 KiB`, `3.4 MiB` (cs `3,4 MiB`), `1.2 GiB`. */
export function formatBytes(bytes: number, language: Language): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KiB`;
  const [value, unit] = bytes < 1024 ** 3 ? [bytes / 1024 ** 2, 'MiB'] : [bytes / 1024 ** 3, 'GiB'];
  const text = value.toFixed(1);
  return `${language === 'cs' ? text.replace('.', ',') : text} ${unit}`;
}
