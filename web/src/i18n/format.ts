/**
 * Dates and times as the UI's language writes them (Intl.DateTimeFormat with the i18n
 * language): zh-CN '2026/11/22 21:38' and '2026/11/22', en '11/22/2026, 09:38 PM' and
 * '11/22/2026'. Every date the web prints goes through here.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };

/**
 * Reads a wire time: an ISO timestamp, epoch milliseconds, or a calendar date
 * 'YYYY-MM-DD' (taken as that day where the browser is, not as UTC midnight).
 * Null when it is not a time.
 */
export function parseTime(value: string | number | Date): Date | null {
  const ymd = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = ymd ? new Date(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * `value` written in language `lang` ('zh-CN', 'en'); `withTime` adds hours and minutes.
 * A value that is not a time is answered as its text.
 */
export function formatTime(value: string | number | Date, lang: string, withTime: boolean): string {
  const date = parseTime(value);
  return date ? new Intl.DateTimeFormat(lang, withTime ? DATE_TIME : DATE).format(date) : String(value);
}

/** The formatters of the current UI language: `date(v)` the day, `dateTime(v)` the day and the time. */
export function useDateFormat(): { date(value: string | number | Date): string; dateTime(value: string | number | Date): string } {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const date = useCallback((value: string | number | Date) => formatTime(value, lang, false), [lang]);
  const dateTime = useCallback((value: string | number | Date) => formatTime(value, lang, true), [lang]);
  return { date, dateTime };
}
