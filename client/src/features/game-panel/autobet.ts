/**
 * The autobet strategy as a pure state machine: the game page feeds it each settled bet (stake and payout from
 * the server) and it answers with the next stake or the reason to stop. Kept free of React and timers so the
 * rules (count, stop on profit / loss, increase on win / loss, reset) are unit-tested exactly.
 */
import { increaseByPercent } from './bet-amount';

export type OnResult = { mode: 'reset' } | { mode: 'increase'; percentMicro: bigint };

export interface AutobetSettings {
  /** How many bets; 0 = until stopped. */
  bets: number;
  /** Stop once the session's net profit reaches this (units); null = never. */
  stopOnProfit: bigint | null;
  /** Stop once the session's net loss reaches this (units); null = never. */
  stopOnLoss: bigint | null;
  onWin: OnResult;
  onLoss: OnResult;
}

/** 'left': the player left the game's page, which ends its autobet (an autobet never runs unseen). */
export type StopReason = 'count' | 'profit' | 'loss' | 'user' | 'left' | 'error';

export interface AutobetState {
  baseAmount: bigint;
  /** The stake of the next bet. */
  amount: bigint;
  played: number;
  /** Net of the session: sum of payout - stake. */
  profit: bigint;
  stopped: StopReason | null;
}

export function startAutobet(baseAmount: bigint): AutobetState {
  return { baseAmount, amount: baseAmount, played: 0, profit: 0n, stopped: null };
}

/** A bet counts as won when it paid more than it staked (a 1x or 0.5x plinko bucket is not a win). */
export function isWin(stake: bigint, payout: bigint): boolean {
  return payout > stake;
}

function nextAmount(state: AutobetState, rule: OnResult, stake: bigint): bigint {
  if (rule.mode === 'reset') return state.baseAmount;
  const next = increaseByPercent(stake, rule.percentMicro);
  return next > 0n ? next : 1n;
}

/** The state after one settled bet. */
export function afterBet(
  state: AutobetState,
  settings: AutobetSettings,
  result: { stake: bigint; payout: bigint },
): AutobetState {
  if (state.stopped) return state;
  const won = isWin(result.stake, result.payout);
  const played = state.played + 1;
  const profit = state.profit + result.payout - result.stake;
  const amount = nextAmount(state, won ? settings.onWin : settings.onLoss, result.stake);
  let stopped: StopReason | null = null;
  if (settings.stopOnProfit !== null && settings.stopOnProfit > 0n && profit >= settings.stopOnProfit)
    stopped = 'profit';
  else if (settings.stopOnLoss !== null && settings.stopOnLoss > 0n && -profit >= settings.stopOnLoss) stopped = 'loss';
  else if (settings.bets > 0 && played >= settings.bets) stopped = 'count';
  return { ...state, played, profit, amount, stopped };
}

export function stopAutobet(state: AutobetState, reason: StopReason): AutobetState {
  return state.stopped ? state : { ...state, stopped: reason };
}

export function stopMessage(state: AutobetState): string {
  switch (state.stopped) {
    case 'count':
      return `Autobet finished ${state.played} bets`;
    case 'profit':
      return 'Autobet stopped: profit target reached';
    case 'loss':
      return 'Autobet stopped: loss limit reached';
    case 'user':
      return `Autobet stopped after ${state.played} bets`;
    case 'left':
      return `Autobet stopped when you left the game, after ${state.played} bets`;
    case 'error':
      return 'Autobet stopped because a bet failed';
    default:
      return '';
  }
}
