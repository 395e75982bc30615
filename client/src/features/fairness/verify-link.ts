/**
 * The /provably-fair page's search parameters: a bet's details link prefills the verifier with them. All plain
 * strings in the URL (so it can be shared and edited), parsed back into the verifier's typed parameters here.
 */
import type { VerifyParams } from './verify-bet';

import type { VerifySearch } from './verify-search';

interface BetLike {
  game: string;
  outcome: Record<string, unknown>;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed?: string };
}

/** The verifier link of a bet: its seeds, nonce and the parameters its outcome records. */
export function verifySearchFromBet(bet: BetLike): VerifySearch {
  const o = bet.outcome;
  const base: VerifySearch = {
    serverSeedHash: bet.fairness.serverSeedHash,
    clientSeed: bet.fairness.clientSeed,
    nonce: String(bet.fairness.nonce),
    ...(bet.fairness.serverSeed ? { serverSeed: bet.fairness.serverSeed } : {}),
  };
  const str = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
  switch (bet.game) {
    case 'dice':
      return { ...base, game: 'dice', target: str(o.target), condition: str(o.condition) };
    case 'limbo':
      return { ...base, game: 'limbo', target: str(o.target) };
    case 'plinko':
      return { ...base, game: 'plinko', rows: str(o.rows), risk: str(o.risk) };
    case 'keno':
      return { ...base, game: 'keno', risk: str(o.risk), picks: Array.isArray(o.picks) ? o.picks.join(',') : undefined };
    case 'mines':
      return { ...base, game: 'mines', mines: str(o.mines) };
    default:
      return base;
  }
}

/** The typed parameters of a search, or a sentence saying what is missing. */
export function verifyParamsFromSearch(search: VerifySearch): VerifyParams | string {
  const num = (value: string | undefined) => (value === undefined || value.trim() === '' ? NaN : Number(value));
  switch (search.game) {
    case 'dice':
      return search.condition === 'over' || search.condition === 'under'
        ? { game: 'dice', target: num(search.target), condition: search.condition }
        : 'Choose over or under';
    case 'limbo':
      return { game: 'limbo', target: num(search.target) };
    case 'plinko':
      return search.risk === 'low' || search.risk === 'medium' || search.risk === 'high'
        ? { game: 'plinko', rows: num(search.rows), risk: search.risk }
        : 'Choose a risk';
    case 'keno': {
      const risk = search.risk;
      if (risk !== 'classic' && risk !== 'low' && risk !== 'medium' && risk !== 'high') return 'Choose a risk';
      const picks = (search.picks ?? '').split(/[\s,]+/).filter(Boolean).map(Number);
      return { game: 'keno', picks, risk };
    }
    case 'mines':
      return { game: 'mines', mines: num(search.mines) };
    default:
      return 'Choose a game';
  }
}
