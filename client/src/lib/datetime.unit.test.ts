import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime, formatDayTime } from './datetime';

// Built from local fields, so the expected text holds in any time zone the tests run in.
const tuesdayMorning = new Date(2026, 10, 24, 7, 26, 5);
const iso = tuesdayMorning.toISOString();

describe('the one date and time style', () => {
  it('writes day, short month, year and a 24-hour clock', () => {
    expect(formatDateTime(iso)).toBe('24 Nov 2026, 07:26');
    expect(formatDate(iso)).toBe('24 Nov 2026');
    expect(formatDate(tuesdayMorning)).toBe('24 Nov 2026');
  });

  it('writes clock times with seconds only when asked', () => {
    expect(formatClock(iso)).toBe('07:26');
    expect(formatClock(iso, { seconds: true })).toBe('07:26:05');
    expect(formatClock(tuesdayMorning.getTime())).toBe('07:26');
  });

  it('writes a day and time within the year, with the weekday for kick-offs', () => {
    expect(formatDayTime(iso)).toBe('24 Nov, 07:26');
    expect(formatDayTime(iso, { weekday: true })).toBe('Tue 24 Nov, 07:26');
  });

  it('shows "-" for no date and leaves text that is not a date as it is', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDate('soon')).toBe('soon');
    expect(formatClock('soon')).toBe('soon');
    expect(formatDayTime('soon')).toBe('soon');
  });
});
