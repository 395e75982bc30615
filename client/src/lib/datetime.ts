/**
 * The platform's one way to show dates and times: day, short month, year and a 24-hour clock ("24 Nov 2026, 07:26"),
 * whatever the browser's locale, so every page reads the same and no date is ambiguous between day-first and
 * month-first readers. Times are the viewer's local time.
 */
const DATE_LOCALE = 'en-GB';

function parsed(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "24 Nov 2026, 07:26"; "-" when there is no date, the text itself when it is not one. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  return parsed(iso)?.toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' }) ?? iso;
}

/** "24 Nov 2026". */
export function formatDate(value: string | Date): string {
  return parsed(value)?.toLocaleDateString(DATE_LOCALE, { dateStyle: 'medium' }) ?? String(value);
}

/** "07:26", or "07:26:05" with seconds (live feeds, where bets a second apart are told apart). */
export function formatClock(value: string | number | Date, { seconds = false } = {}): string {
  const date = parsed(value);
  return date ? (seconds ? CLOCK_SECONDS : CLOCK).format(date) : String(value);
}

// Built once: toLocaleTimeString with options builds a formatter per call, and the live feed formats a clock per row
// per render (ten renders a second during a turbo autobet).
const CLOCK = new Intl.DateTimeFormat(DATE_LOCALE, { hour: '2-digit', minute: '2-digit' });
const CLOCK_SECONDS = new Intl.DateTimeFormat(DATE_LOCALE, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "24 Nov, 07:26" (within the year on screen: chart points), or "Tue 24 Nov, 07:26" with the weekday (kick-offs). */
export function formatDayTime(value: string | number | Date, { weekday = false } = {}): string {
  const date = parsed(value);
  if (!date) return String(value);
  return date.toLocaleString(DATE_LOCALE, {
    ...(weekday ? { weekday: 'short' } : {}),
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
