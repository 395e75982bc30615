import { bingoDrawAsync, settlePot, type PotCard } from '../../../../../server/src/domain/games/bingo/rules';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';
import { hmacSha256, sha256Hex } from '../../fairness/web-crypto';
import type { RoomBet } from './bingo-room';

export interface PublishedPot {
  pot: string;
  prizes: { prize: string; ball: number; amount: string; winners: { betId: string; card: number; amount: string }[] }[];
}

export interface BingoCheck {
  /** SHA-256(hash) equals the previous round's hash (or the terminal hash for round 1). */
  linked: boolean;
  /** The whole draw order recomputed from the hash and the salt. */
  draw: number[];
  /** The first balls as the round published them, in this order. */
  drawMatches: boolean;
  /** Each pot's prizes recomputed from the public cards, the draw and the published pot (balls, amounts, winners). */
  winnersMatch: boolean;
}

const prizeKey = (p: PublishedPot['prizes'][number]) =>
  `${p.prize}@${p.ball}=${p.amount}:${p.winners.map((w) => `${w.betId}/${w.card}/${w.amount}`).join(',')}`;

/**
 * FAIRNESS.md "Round games" (bingo), recomputed in the browser: the chain link, the draw order, and every prize
 * from the cards every player saw. The pot is the published one (it is the sales less the house share, or the
 * guaranteed minimum when that is more): its split is what is checked.
 */
export async function verifyBingoRound(input: {
  hash: string;
  previousHash: string;
  salt: string;
  balls: readonly number[];
  bets: readonly RoomBet[];
  pots: Record<string, PublishedPot>;
}): Promise<BingoCheck> {
  const hash = input.hash.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('The round hash must be 64 hex digits');
  const draw = await bingoDrawAsync(hmacSha256, input.salt, hash);
  let winnersMatch = true;
  for (const [currency, published] of Object.entries(input.pots)) {
    const mine = input.bets.filter((bet) => bet.currency === currency);
    const cards: PotCard[] = mine.flatMap((bet) =>
      (bet.cards ?? []).map((card, index) => ({ betId: bet.betId, index, card })),
    );
    const sales = mine.reduce((sum, bet) => sum + (toUnits(bet.amount) ?? 0n), 0n);
    const pot = toUnits(published.pot) ?? 0n;
    const again = cards.length === 0 ? null : settlePot(cards, draw, sales, pot);
    const recomputed = (again?.prizes ?? []).map((p) => ({
      prize: p.prize,
      ball: p.ball,
      amount: fromUnits(p.amount),
      winners: p.winners.map((w) => ({ betId: w.betId, card: w.card, amount: fromUnits(w.amount) })),
    }));
    if (again?.pot !== pot || recomputed.map(prizeKey).join('|') !== published.prizes.map(prizeKey).join('|'))
      winnersMatch = false;
  }
  return {
    linked: (await sha256Hex(hash)) === input.previousHash.trim().toLowerCase(),
    draw,
    drawMatches: input.balls.every((ball, i) => draw[i] === ball),
    winnersMatch,
  };
}
