import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, currentCursor, nextPage, pageNumber, parsePageSize, previousPage } from './paging';

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
