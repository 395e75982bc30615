import fc from 'fast-check';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import { amountInputSchema, formatAmount, parseAmount } from './amounts.js';
import { assertBalanced } from './ledger.service.js';
import { AddressDeriver, normalizeAddress, normalizeTxHash, toChecksumAddress } from './networks.js';
import { referralCommission } from './referral.service.js';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.js';

describe('amounts: decimal strings <-> bigint 1e-8 units', () => {
  it('parses and formats exactly, never through a float', () => {
    expect(parseAmount('12.5')).toBe(1_250_000_000n);
    expect(parseAmount('0.00000001')).toBe(1n);
    expect(parseAmount('0.1')).toBe(10_000_000n);
    expect(parseAmount('999999999999.99999999')).toBe(99_999_999_999_999_999_999n);
    expect(formatAmount(1_250_000_000n)).toBe('12.5');
    expect(formatAmount(0n)).toBe('0');
    expect(formatAmount(100n * 100_000_000n)).toBe('100');
    expect(formatAmount(1n)).toBe('0.00000001');
    expect(formatAmount(-150_000_000n)).toBe('-1.5');
    // 0.1 + 0.2 in floats is 0.30000000000000004; in units it is exact.
    expect(formatAmount(parseAmount('0.1') + parseAmount('0.2'))).toBe('0.3');
  });

  it('refuses what is not a plain decimal with at most 8 decimals', () => {
    for (const bad of ['', '1e3', '-1', '1.123456789', '0x10', '1,5', ' . ', 'NaN', 'Infinity', '1.']) {
      expect(() => parseAmount(bad), bad).toThrow(RangeError);
    }
    expect(amountInputSchema.safeParse('0').success).toBe(false);
    expect(amountInputSchema.safeParse('10.5').data).toBe(1_050_000_000n);
    expect(amountInputSchema.safeParse(10.5).success).toBe(false);
  });

  it('round-trips every amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999_999_999n }), (units) => {
        expect(parseAmount(formatAmount(units))).toBe(units);
      }),
    );
  });
});

describe('ledger entries', () => {
  it('must be non-zero and sum to zero per currency', () => {
    const user = { user: 1 } as const;
    const house = { house: 'deposits' } as const;
    expect(() =>
      assertBalanced([
        { account: user, currency: 'USD', amount: 5n },
        { account: house, currency: 'USD', amount: -5n },
      ]),
    ).not.toThrow();
    expect(() =>
      assertBalanced([
        { account: user, currency: 'USD', amount: 5n },
        { account: house, currency: 'USD', amount: -4n },
      ]),
    ).toThrow(DomainError);
    expect(() =>
      assertBalanced([
        { account: user, currency: 'USD', amount: 5n },
        { account: house, currency: 'BZU', amount: -5n },
      ]),
    ).toThrow(DomainError);
    expect(() =>
      assertBalanced([
        { account: user, currency: 'USD', amount: 0n },
        { account: house, currency: 'USD', amount: 0n },
      ]),
    ).toThrow(DomainError);
    expect(() => assertBalanced([{ account: user, currency: 'USD', amount: 5n }])).toThrow(DomainError);
  });
});

describe('addresses', () => {
  it('checks EIP-55 checksums and normalises single-case input', () => {
    // The EIP-55 reference vectors.
    for (const good of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    ]) {
      expect(normalizeAddress('ERC20', good)).toBe(good);
      expect(normalizeAddress('BEP20', good.toLowerCase())).toBe(good);
      expect(toChecksumAddress(good.slice(2))).toBe(good);
    }
    expect(normalizeAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBeNull();
    expect(normalizeAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBeNull();
    expect(normalizeAddress('TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeNull();
  });

  it('derives watch-only addresses per network and user, valid on their network', () => {
    const root = HDKey.fromMasterSeed(new Uint8Array(32).fill(7));
    const deriver = new AddressDeriver(root.publicExtendedKey);
    expect(() => new AddressDeriver(root.privateExtendedKey)).toThrow(/PUBLIC/);
    const eth = deriver.derive('ERC20', 42);
    const bsc = deriver.derive('BEP20', 42);
    const tron = deriver.derive('TRC20', 42);
    expect(eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(normalizeAddress('ERC20', eth.address)).toBe(eth.address);
    expect(bsc.address).not.toBe(eth.address);
    expect(tron.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(normalizeAddress('TRC20', tron.address)).toBe(tron.address);
    expect(
      normalizeAddress('TRC20', `${tron.address.slice(0, -1)}${tron.address.endsWith('a') ? 'b' : 'a'}`),
    ).toBeNull();
    expect(deriver.derive('ERC20', 42)).toEqual(eth);
    expect(deriver.derive('ERC20', 43).address).not.toBe(eth.address);
    // The same child derived from the private root gives the same address: the xpub is the wallet's.
    expect(eth.address).toBe(new AddressDeriver(root.publicExtendedKey).derive('ERC20', 42).address);
  });
});

describe('webhook signatures', () => {
  const secret = 'test-secret-0123456789';
  const body = '{"a":1}';
  const now = 1_800_000_000;
  const check = (timestamp: string | undefined, signature: string | undefined, rawBody = body) =>
    verifyWebhookSignature({ secret, rawBody, timestamp, signature, nowSeconds: now, toleranceSeconds: 300 });

  it('accepts the exact bytes signed within the window, and nothing else', () => {
    expect(check(String(now), signWebhook(secret, now, body))).toBe('ok');
    expect(check(String(now - 299), signWebhook(secret, now - 299, body))).toBe('ok');
    expect(check(String(now - 301), signWebhook(secret, now - 301, body))).toBe('stale');
    expect(check(String(now + 301), signWebhook(secret, now + 301, body))).toBe('stale');
    expect(check(String(now), signWebhook(secret, now, body), '{"a": 1}')).toBe('bad');
    expect(check(String(now), signWebhook('other-secret-0123456789', now, body))).toBe('bad');
    expect(check(String(now + 1), signWebhook(secret, now, body))).toBe('bad');
    expect(check(undefined, signWebhook(secret, now, body))).toBe('missing');
    expect(check(String(now), undefined)).toBe('missing');
    expect(check('12abc', 'sha256=00')).toBe('bad');
  });
});

describe('referral commission', () => {
  it('is house edge x wagered / 2 x rate, rounded down', () => {
    // 1% edge, 1000 USD wagered, 10% rate: 0.01 * 1000 / 2 * 0.1 = 0.5 USD
    expect(referralCommission(parseAmount('1000'), 10_000, 100_000)).toBe(parseAmount('0.5'));
    expect(referralCommission(parseAmount('0.00000001'), 10_000, 100_000)).toBe(0n);
    expect(referralCommission(0n, 10_000, 100_000)).toBe(0n);
    expect(referralCommission(parseAmount('3'), 1_000_000, 1_000_000)).toBe(parseAmount('1.5'));
  });
});

describe('transaction hashes: one spelling per network', () => {
  it('every spelling of 32 bytes of hex maps to one stored form; anything else is refused', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.boolean(),
        fc.boolean(),
        (bytes, prefixed, upper) => {
          const hex = Buffer.from(bytes).toString('hex');
          const spelled = `${prefixed ? (upper ? '0X' : '0x') : ''}${upper ? hex.toUpperCase() : hex}`;
          expect(normalizeTxHash('ERC20', spelled)).toBe(`0x${hex}`);
          expect(normalizeTxHash('BEP20', ` ${spelled} `)).toBe(`0x${hex}`);
          expect(normalizeTxHash('TRC20', spelled)).toBe(hex);
        },
      ),
    );
    for (const bad of ['0x' + 'ab'.repeat(31), 'ab'.repeat(33), '0x' + 'g'.repeat(64), '0x0x' + 'ab'.repeat(32), '']) {
      expect(normalizeTxHash('ERC20', bad)).toBeNull();
      expect(normalizeTxHash('TRC20', bad)).toBeNull();
    }
  });
});
