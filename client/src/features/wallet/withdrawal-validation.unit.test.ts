import { describe, expect, it } from 'vitest';
import { addressProblem, networkOptionLabel, withdrawalProblems, type WithdrawalCheck } from './withdrawal-validation';

const evm = '0x52908400098527886E0F7030069857D2E4169EE7';
const ERC20 = { id: 'ERC20', name: 'Ethereum', family: 'evm' } as const;
const BEP20 = { id: 'BEP20', name: 'BNB Smart Chain', family: 'evm' } as const;
const TRC20 = { id: 'TRC20', name: 'Tron', family: 'tron' } as const;
const polygon = { id: 'polygon', name: 'Polygon', family: 'evm' } as const;
const arbitrum = { id: 'arbitrum-one', name: 'Arbitrum One', family: 'evm' } as const;
const base: WithdrawalCheck = {
  amount: '25',
  address: evm,
  network: ERC20,
  currency: 'USD',
  minimum: '10',
  fee: '1',
  available: '100',
};

describe('withdrawal form checks', () => {
  it('accepts a good request', () => {
    expect(withdrawalProblems(base)).toEqual({ amount: null, address: null });
  });

  it('explains amount problems in words: not a number, below the minimum, more than balance minus fee', () => {
    expect(withdrawalProblems({ ...base, amount: 'ten' }).amount).toBe(
      'Enter an amount with at most 8 decimals, like 25 or 12.5',
    );
    expect(withdrawalProblems({ ...base, amount: '' }).amount).toBe('Enter an amount');
    expect(withdrawalProblems({ ...base, amount: '9.99' }).amount).toBe('The minimum withdrawal is 10.00 USD');
    expect(withdrawalProblems({ ...base, amount: '99.5' }).amount).toBe(
      'Your balance is 100.00 USD: with the 1.00 USD fee you can withdraw at most 99.00 USD',
    );
    expect(withdrawalProblems({ ...base, amount: '99' }).amount).toBeNull();
    // Unknown balance: the server decides.
    expect(withdrawalProblems({ ...base, amount: '5000', available: undefined }).amount).toBeNull();
  });

  it('checks the address shape per network, not "Too small: expected string to have >=20 characters"', () => {
    expect(addressProblem(ERC20, 'abc')).toBe(
      'An ERC20 address starts with 0x followed by 40 hexadecimal characters (0-9, a-f)',
    );
    expect(addressProblem(BEP20, evm)).toBeNull();
    expect(addressProblem(TRC20, evm)).toBe('A TRC20 (Tron) address starts with T and has 34 letters and digits');
    expect(addressProblem(TRC20, 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBeNull();
    expect(addressProblem(ERC20, '  ')).toBe('Enter the address to send to');
  });

  it('names a configured network by its name and a processor network by its id and chain in the pickers', () => {
    expect([polygon, ERC20, TRC20].map(networkOptionLabel)).toEqual(['Polygon', 'ERC20 (Ethereum)', 'TRC20 (Tron)']);
  });

  it('checks a configured network by its address family and names it as configured', () => {
    expect(addressProblem(polygon, evm)).toBeNull();
    expect(addressProblem(polygon, 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(
      'A Polygon address starts with 0x followed by 40 hexadecimal characters (0-9, a-f)',
    );
    expect(addressProblem(arbitrum, '0x12')).toBe(
      'An Arbitrum One address starts with 0x followed by 40 hexadecimal characters (0-9, a-f)',
    );
  });
});
