import { describe, expect, it } from 'vitest';
import { mergeTokenUpdate, parseTokenUpdate, wireDecimal, type TokenQuote } from './token-quote';

const quote: TokenQuote = {
  symbol: 'BZU',
  price: '0.02500000',
  change24h: 1.5,
  marketCap: '15000000.00000000',
  volume24h: '0.00000000',
  updatedAt: '2026-01-01T00:00:20.000Z',
  source: 'pool',
};

describe('token price updates from the socket', () => {
  it('turns the socket numbers back into 8-decimal strings', () => {
    expect(wireDecimal(0.0261234)).toBe('0.02612340');
    expect(wireDecimal(1e-7)).toBe('0.00000010');
    expect(wireDecimal('0.03000000')).toBe('0.03000000');
    expect(wireDecimal('abc')).toBeNull();
    expect(wireDecimal(Number.NaN)).toBeNull();
    expect(wireDecimal(undefined)).toBeNull();
  });

  it('keeps only well-formed fields of a partial update', () => {
    expect(
      parseTokenUpdate({
        price: 0.03,
        change24h: -2.25,
        symbol: 'XYZ',
        source: 'elsewhere',
        updatedAt: 'soon',
        junk: 1,
      }),
    ).toEqual({
      price: '0.03000000',
      change24h: -2.25,
    });
    expect(parseTokenUpdate(null)).toEqual({});
  });

  it('merges a partial update into the cached quote', () => {
    const merged = mergeTokenUpdate(quote, parseTokenUpdate({ price: 0.031, updatedAt: '2026-01-01T00:00:40.000Z' }));
    expect(merged).toEqual({ ...quote, price: '0.03100000', updatedAt: '2026-01-01T00:00:40.000Z' });
  });

  it('ignores an update older than the cached quote', () => {
    expect(mergeTokenUpdate(quote, { price: '0.01000000', updatedAt: '2026-01-01T00:00:00.000Z' })).toBe(quote);
  });

  it('without a cached quote, takes a complete update and refuses a partial one', () => {
    expect(
      mergeTokenUpdate(undefined, parseTokenUpdate({ ...quote, price: 0.025, marketCap: 15000000, volume24h: 0 })),
    ).toEqual(quote);
    expect(mergeTokenUpdate(undefined, { price: '0.03000000' })).toBeUndefined();
  });
});
