import { describe, expect, it } from 'vitest';
import { RequestIds } from './request-id';

describe('RequestIds', () => {
  it('reuses the id for the same values until done, and takes a new one for other values', () => {
    const ids = new RequestIds();
    const first = ids.for({ amount: '5', currency: 'USD' });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(ids.for({ amount: '5', currency: 'USD' })).toBe(first);
    const other = ids.for({ amount: '6', currency: 'USD' });
    expect(other).not.toBe(first);
    ids.done();
    expect(ids.for({ amount: '6', currency: 'USD' })).not.toBe(other);
  });
});
