/** The status filters the server accepts (server/src/domain/wallet/wallet.schemas.ts). */
export const WITHDRAWAL_STATUSES = ['ALL', 'PENDING', 'APPROVED', 'SENT', 'CONFIRMED', 'REJECTED', 'FAILED'] as const;
export const DEPOSIT_STATUSES = ['ALL', 'PENDING', 'CREDITED'] as const;
export type WithdrawalStatusFilter = (typeof WITHDRAWAL_STATUSES)[number];
export type DepositStatusFilter = (typeof DEPOSIT_STATUSES)[number];

/** The status in the path when it is one of `allowed` (exact, upper case), or null (the page redirects to ALL). */
export function parseStatus<T extends string>(value: unknown, allowed: readonly T[]): T | null {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}
