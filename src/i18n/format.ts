/**
 * Dates, numbers and money for a language: Czech `23. 11. 2026 14:05`, `1 234`, `1 234 Kč`; English
 * `23 Nov 2026, 14:05`, `1,234`, `CZK 1,234`. Pure. The one place a time is written for the blogger (CLI, status
 * page, notifications): in the blogger's zone (`ui.timeZone`, default Europe/Prague), never the server's.
 */
import type { Language } from './catalog.js';

/** The zone times are shown in when the config names none (`ui.timeZone`): the blogger's, not the server's. */
export const DEFAULT_TIME_ZONE = 'Europe/Prague';

const LOCALES: Readonly<Record<Language, string>> = { cs: 'cs-CZ', en: 'en-GB' };

export function localeOf(language: Language): string {
  return LOCALES[language];
}

export interface Formatters {
  number(n: number): string;
  /** An amount in Czech crowns (the marketplace's `price`, `reward`, payouts). */
  money(kc: number): string;
  /** Date and time of an ISO 8601 instant, in `timeZone` (default: the formatters' zone, `ui.timeZone`). */
  dateTime(iso: string | Date, timeZone?: string): string;
  /**
   * Date and time to the second, for log lines and step starts (`1. 5. 2026 12:03:04` / `1 May 2026, 12:03:04`);
   * the input itself when it is no date.
   */
  dateTimeSeconds(iso: string | Date, timeZone?: string): string;
  /** The date alone. */
  date(iso: string | Date, timeZone?: string): string;
  /** A month `YYYY-MM` (the marketplace's `paid_monthly`): `listopad 2026` / `November 2026`. */
  month(yyyyMm: string): string;
  /** The month alone, short (`lis`, `Nov`): a chart's label under a bar; `YYYY-MM` when it is not one. */
  monthShort(yyyyMm: string): string;
}

function valid(value: string | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The formatters of `language`, writing times in `defaultZone` unless a call names another zone. */
export function createFormatters(language: Language, defaultZone: string = DEFAULT_TIME_ZONE): Formatters {
  const locale = LOCALES[language];
  const numberFormat = new Intl.NumberFormat(locale);
  const moneyFormat = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'CZK',
    maximumFractionDigits: 0,
  });
  const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
  const STYLES = {
    dateTime: { dateStyle: 'medium', timeStyle: 'short' },
    dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
    date: { dateStyle: 'medium' },
  } as const satisfies Record<string, Intl.DateTimeFormatOptions>;
  const formatOf = (kind: keyof typeof STYLES, timeZone: string | undefined): Intl.DateTimeFormat => {
    const zone = timeZone ?? defaultZone;
    const key = `${kind}|${zone}`;
    let format = dateTimeFormats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...STYLES[kind], timeZone: zone });
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
    dateTimeSeconds(value, timeZone) {
      const date = valid(value);
      return date ? formatOf('dateTimeSeconds', timeZone).format(date) : String(value);
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
    monthShort(yyyyMm) {
      const match = /^(\d{4})-(\d{2})$/.exec(yyyyMm);
      if (!match) return yyyyMm;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15));
      return new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date);
    },
  };
}
