import { describe, expect, it } from 'vitest';
import { pageSearch, totalLabel } from './paging';

describe('the page number in the address bar', () => {
  it('reads ?page=N and ignores anything that is not a page', () => {
    expect(pageSearch({ page: 2 })).toEqual({ page: 2 });
    expect(pageSearch({ page: '3' })).toEqual({ page: 3 });
    for (const page of [undefined, 1, 0, -2, 1.5, 'x', 1e9]) expect(pageSearch({ page })).toEqual({});
  });

  it('says the total in words', () => {
    expect(totalLabel(1, 'deposits')).toBe('1 deposit');
    expect(totalLabel(0, 'withdrawals')).toBe('0 withdrawals');
    expect(totalLabel(21, 'deposits')).toBe('21 deposits');
  });
});
