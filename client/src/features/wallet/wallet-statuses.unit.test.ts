import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES, parseStatus } from './wallet-statuses';

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
