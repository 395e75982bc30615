/**
 * The environments the launcher gives its children. Only the worker signs (payouts from the hot wallet, sweeps and gas
 * top-ups: worker/src/chain-watchers.ts), so only the worker is handed WALLET_XPRV; the server (and Vite) get the same
 * variables without it, and the server refuses to start if it holds one anyway (server/src/env.ts, refuseSigningKey).
 */

/** Variables only the signing process may hold. */
export const SIGNING_ONLY_VARIABLES = ['WALLET_XPRV'] as const;

/** What the worker gets: everything the launcher passes on. */
export function signingChildEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base };
}

/** What the server (and any other child that does not sign) gets: the same, less the signing key. */
export function watchOnlyChildEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...base };
  for (const name of SIGNING_ONLY_VARIABLES) delete env[name];
  return env;
}
