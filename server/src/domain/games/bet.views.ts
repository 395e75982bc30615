import type { BetRow } from '../../../../db/repositories/games.repo.js';
import type { PlayerProviderRoundRow } from '../../../../db/repositories/providers.repo.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import { betResult, providerRoundResult } from './bet-result.js';
import { gameBySlug } from './registry.js';
import { formatRatio } from './shared/ratio.js';

/** What every transport shows of a bet (docs/api.md "BetView"); money as exact decimal strings. */
export type BetView = {
  id: string;
  userId: string;
  /** The player's public display name. */
  username: string;
  game: string;
  currency: Currency;
  amount: string;
  payout: string;
  /** Payout / stake, 4 decimals, floored: "2.0000". */
  multiplier: string;
  /** By net: `won` paid at least the stake, `lost` less (maybe something: payout > 0); `refunded` its round never ran. */
  state: 'open' | 'won' | 'lost' | 'refunded';
  outcome: Record<string, unknown>;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed?: string };
  createdAt: string;
  /** Mines, open round: what the next safe tile would pay. */
  nextMultiplier?: string;
  /** A multi-step round cashed out at the profit limit (FAIRNESS.md): it paid exactly stake + maxProfit. */
  capped?: true;
};

export interface BetResult {
  bet: BetView;
  /** The player's balance in the bet's currency after the bet committed. */
  balance: string;
}

export function toBetView(row: BetRow): BetView {
  const stored = (row.outcome ?? {}) as Record<string, unknown>;
  const game = gameBySlug(row.game);
  const open = row.state === 'open';
  // A multi-step game decides what of its stored state any view shows (an open round hides what is still to come).
  const outcome = game?.kind === 'multi-step' ? game.visible(stored, open) : stored;
  const view: BetView = {
    id: row.id,
    userId: String(row.userId),
    username: row.username,
    game: row.game,
    currency: row.currency,
    amount: formatAmount(row.amount),
    payout: formatAmount(row.payout),
    multiplier: row.multiplier,
    state: row.state,
    outcome,
    fairness: {
      serverSeedHash: row.serverSeedHash,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
      ...(row.serverSeed ? { serverSeed: row.serverSeed } : {}),
    },
    createdAt: row.createdAt.toISOString(),
  };
  if (open && game?.kind === 'multi-step' && game.nextMultiplier) {
    const next = game.nextMultiplier(stored);
    if (next) view.nextMultiplier = formatRatio(next, 4);
  }
  if (stored.capped === true) view.capped = true;
  return view;
}

const CSV_HEADER = [
  'id',
  'createdAt',
  'game',
  'currency',
  'amount',
  'multiplier',
  'payout',
  'profit',
  'state',
  'serverSeedHash',
  'clientSeed',
  'nonce',
  'serverSeed',
  'outcome',
  // Last, so the columns before it keep their places for readers of the older file (bet-result.ts).
  'result',
];

/** One field, quoted when needed; a leading =, +, - or @ is defused so spreadsheets never run it as a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The player's bets as CSV, newest first (the newest `maxLines`); `result` tells a partial return from a loss. A studio's round (its stake, win and any rollback summed) is a line of its
 * own: id "provider-<first bet id>", game "provider/game", no seeds (the studio's fairness is its own), the round in
 * `outcome`.
 */
export function betsCsv(
  rows: BetRow[],
  providerRounds: PlayerProviderRoundRow[] = [],
  maxLines = Number.POSITIVE_INFINITY,
): string {
  const lines: { at: number; line: string }[] = [];
  for (const row of rows) {
    const view = toBetView(row);
    const profit = row.state === 'open' ? '' : formatSigned(row.payout - row.amount);
    lines.push({
      at: row.createdAt.getTime(),
      line: csvLine([
        view.id,
        view.createdAt,
        view.game,
        view.currency,
        view.amount,
        view.multiplier,
        view.payout,
        profit,
        view.state,
        view.fairness.serverSeedHash,
        view.fairness.clientSeed,
        String(view.fairness.nonce),
        view.fairness.serverSeed ?? '',
        JSON.stringify(view.outcome),
        betResult(view),
      ]),
    });
  }
  for (const round of providerRounds) {
    const state = round.rolledBack > 0n ? 'rolled back' : round.won > 0n ? 'won' : 'lost';
    const multiplier = round.staked > 0n ? formatAmount((round.won * 100_000_000n) / round.staked) : '0';
    lines.push({
      at: round.startedAt.getTime(),
      line: csvLine([
        `provider-${round.id}`,
        round.startedAt.toISOString(),
        `${round.providerId}/${round.gameId}`,
        round.currency,
        formatAmount(round.staked),
        multiplier,
        formatAmount(round.won),
        formatSigned(round.won + round.rolledBack - round.staked),
        state,
        '',
        '',
        '',
        '',
        JSON.stringify({ provider: round.providerName, game: round.gameName ?? round.gameId, round: round.roundId }),
        providerRoundResult(round),
      ]),
    });
  }
  // Stable: rows of one source keep their (newest first) order when their times tie.
  lines.sort((a, b) => b.at - a.at);
  const newest = lines.slice(0, maxLines).map((entry) => entry.line);
  return `${[CSV_HEADER.join(','), ...newest].join('\r\n')}\r\n`;
}

const csvLine = (fields: string[]) => fields.map(csvField).join(',');

function formatSigned(value: bigint): string {
  return value < 0n ? `-${formatAmount(-value)}` : formatAmount(value);
}
