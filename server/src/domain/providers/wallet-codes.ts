/**
 * Every answer of the wallet API names its outcome in `status` (docs/providers.md lists them with their HTTP status).
 * Pure data, so the REST adapter, the reference provider and the docs agree.
 */
export const WALLET_STATUS = {
  OK: 200,
  BAD_REQUEST: 400,
  INVALID_SIGNATURE: 401,
  INSUFFICIENT_FUNDS: 402,
  PLAYER_EXCLUDED: 403,
  PLAYER_LIMIT: 403,
  BET_LIMIT: 403,
  GAME_DISABLED: 403,
  PROVIDER_PAUSED: 403,
  PROVIDER_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  ROUND_NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  PLAYER_MISMATCH: 409,
  WRONG_CURRENCY: 409,
  DUPLICATE_TRANSACTION: 409,
  TRANSACTION_ROLLED_BACK: 409,
  REQUEST_ID_REUSED: 409,
  ROUND_MISMATCH: 409,
  WIN_LIMIT: 409,
  ROUND_SETTLED: 409,
  SESSION_EXPIRED: 410,
} as const;

export type WalletStatus = keyof typeof WALLET_STATUS;
