import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATUSES, FIRST_PAGE, WITHDRAWAL_STATUSES, currentCursor, nextPage, pageNumber, parsePageSize, parseStatus, previousPage } from './paging';

describe('parseStatus', () => {
  it('accepts the server statuses exactly', () => {
    expect(parseStatus('PENDING', WITHDRAWAL_STATUSES)).toBe('PENDING');
    expect(parseStatus('SENT', WITHDRAWAL_STATUSES)).toBe('SENT');
    expect(parseStatus('CREDITED', DEPOSIT_STATUSES)).toBe('CREDITED');
  });
  it('refuses unknown, lower-case and other-list statuses', () => {
    expect(parseStatus('pending', WITHDRAWAL_STATUSES)).toBeNull();
    expect(parseStatus('CREDITED', WITHDRAWAL_STATUSES)).toBeNull();
    expect(parseStatus('SENT', DEPOSIT_STATUSES)).toBeNull();
    expect(parseStatus(undefined, DEPOSIT_STATUSES)).toBeNull();
  });
});

describe('parsePageSize', () => {
  it('defaults to 20 and caps at 100', () => {
    expect(parsePageSize(undefined)).toBe(20);
    expect(parsePageSize('abc')).toBe(20);
    expect(parsePageSize('0')).toBe(20);
    expect(parsePageSize(-5)).toBe(20);
    expect(parsePageSize(2.5)).toBe(20);
    expect(parsePageSize('50')).toBe(50);
    expect(parsePageSize('500')).toBe(100);
    expect(parsePageSize(100)).toBe(100);
  });
});

describe('cursor trail', () => {
  it('walks forward on nextCursor and back again', () => {
    let trail = FIRST_PAGE;
    expect(pageNumber(trail)).toBe(1);
    expect(currentCursor(trail)).toBeUndefined();
    trail = nextPage(trail, '40');
    trail = nextPage(trail, '20');
    expect(pageNumber(trail)).toBe(3);
    expect(currentCursor(trail)).toBe('20');
    expect(nextPage(trail, null)).toBe(trail);
    trail = previousPage(trail);
    expect(currentCursor(trail)).toBe('40');
    expect(previousPage(previousPage(trail))).toEqual(FIRST_PAGE);
  });
});
