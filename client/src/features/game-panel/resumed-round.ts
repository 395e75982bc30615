import type { BetView } from './bet-types';

/**
 * The round to show once the server's open round (`active`) arrives. That answer may have left the server before
 * the page's own last call settled the same round, or before a later round started (an autobet plays on while
 * it is on the wire): a settled state is final and a later round is newer, so neither is replaced by it.
 */
export function resumedRound(local: BetView | null, active: BetView): BetView {
  if (!local) return active;
  if (local.id === active.id) return local.state === 'open' ? active : local;
  return BigInt(local.id) > BigInt(active.id) ? local : active;
}

/**
 * The page's open round once the server has said it holds no open round: how that round ended, read by id, replaces
 * it only while the page still shows it open (the page's own call may have settled it meanwhile).
 */
export function endedElsewhere(local: BetView | null, ended: BetView): BetView | null {
  return local && local.id === ended.id && local.state === 'open' && ended.state !== 'open' ? ended : local;
}
