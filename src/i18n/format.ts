/**
 * Dates, numbers and money for a language: Czech `23. 11. 2026 14:05`, `1 234`, `1 234 Kč`; English
 * `23 Nov 2026, 14:05`, `1,234`, `CZK 1,234`. Pure; the zone is passed in (the status page's `timeZone`).
 */
import type { Language } from './catalog.js';

const LOCALES: Readonly<Record<Language, string>> = { cs: 'cs-CZ', en: 'en-GB' };

export function localeOf(language: Language): string {
  return LOCALES[language];
}

export interface Formatters {
  number(n: number): string;
  /** An amount in Czech crowns (the marketplace's `price`, `reward`, payouts). */
  money(kc: number): string;
  /** Date and time of an ISO 8601 instant, in `timeZone` (default: the process's zone). */
  dateTime(iso: string | Date, timeZone?: string): string;
  /** The date alone. */
  date(iso: string | Date, timeZone?: string): string;
  /** A month `YYYY-MM` (the marketplace's `paid_monthly`): `listopad 2026` / `November 2026`. */
  month(yyyyMm: string): string;
}

function valid(value: string | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function createFormatters(language: Language): Formatters {
  const locale = LOCALES[language];
  const numberFormat = new Intl.NumberFormat(locale);
  const moneyFormat = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'CZK',
    maximumFractionDigits: 0,
  });
  const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
  const formatOf = (kind: 'dateTime' | 'date', timeZone: string | undefined): Intl.DateTimeFormat => {
    const key = `${kind}|${timeZone ?? ''}`;
    let format = dateTimeFormats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, {
        ...(kind === 'dateTime' ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }),
        ...(timeZone ? { timeZone } : {}),
      });
      dateTimeFormats.set(key, format);
    }
    return format;
  };
  return {
    number: (n) => numberFormat.format(n),
    money: (kc) => moneyFormat.format(kc),
    dateTime(value, timeZone) {
      const date = valid(value);
      return date ? formatOf('dateTime', timeZone).format(date) : String(value);
    },
    date(value, timeZone) {
      const date = valid(value);
      return date ? formatOf('date', timeZone).format(date) : String(value);
    },
    month(yyyyMm) {
      const match = /^(\d{4})-(\d{2})$/.exec(yyyyMm);
      if (!match) return yyyyMm;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15));
      return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        date,
      );
    },
  };
}
