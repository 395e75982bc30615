import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatRatio, ratio } from '../../../../server/src/domain/games/shared/ratio';
import { verifyBet, type VerifyParams } from './verify-bet';
import { hmacSha256, sha256Hex, toHex } from './web-crypto';

/** Golden vectors from server/src/domain/games/shared/fairness_vectors.py, an implementation of FAIRNESS.md independent of this code. */
const vectors = JSON.parse(
  readFileSync(new URL('../../../../server/src/domain/games/shared/fairness-vectors.json', import.meta.url), 'utf8'),
);
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../server/src/domain/games/${name}`, import.meta.url), 'utf8'));

type Seeds = { serverSeed: string; clientSeed: string; nonce: number };
const seedsOf = (v: Seeds) => ({ serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce });

describe('Web Crypto verifier against the golden vectors', () => {
  it('SHA-256 of each server seed equals the published hash', async () => {
    for (const v of vectors.hashes) expect(await sha256Hex(v.serverSeed)).toBe(v.serverSeedHash);
  });

  it('HMAC-SHA256 matches a known RFC 4231 value', async () => {
    // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
    expect(toHex(await hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('floats: the first 24 of each bet, bit for bit', async () => {
    for (const v of vectors.floats) {
      const { floats } = await verifyBet(seedsOf(v), { game: 'mines', mines: 24 });
      floats.forEach((f, i) => expect(Object.is(f, v.floats[i])).toBe(true));
    }
  });

  it('dice rolls and wins', async () => {
    expect(vectors.dice.length).toBeGreaterThan(0);
    for (const v of vectors.dice) {
      const { outcome, multiplier } = await verifyBet(seedsOf(v), {
        game: 'dice',
        target: v.target,
        condition: v.condition,
      });
      expect(outcome).toEqual({ game: 'dice', roll: v.roll, win: v.win });
      expect(multiplier === '0.0000').toBe(!v.win);
    }
  });

  it('limbo results and wins', async () => {
    const seeded = vectors.limbo.filter((v: object) => !('f0' in v));
    expect(seeded.length).toBeGreaterThan(0);
    for (const v of seeded) {
      const { outcome } = await verifyBet(seedsOf(v), { game: 'limbo', target: v.target });
      expect(outcome).toEqual({ game: 'limbo', result: v.result, win: v.win });
    }
  });

  it('plinko paths and buckets', async () => {
    for (const v of vectors.plinko) {
      const { outcome } = await verifyBet(seedsOf(v), { game: 'plinko', rows: v.rows, risk: v.risk });
      expect(outcome).toEqual({ game: 'plinko', path: v.path, bucket: v.bucket });
    }
  });

  it('roulette pockets and what the chips pay, with Web Crypto (server/src/domain/games/roulette/roulette_vectors.py)', async () => {
    const roulette = JSON.parse(
      readFileSync(
        new URL('../../../../server/src/domain/games/roulette/roulette-vectors.json', import.meta.url),
        'utf8',
      ),
    );
    for (const v of roulette.spins.slice(0, 40)) {
      const chips = v.chips.map((c: { type: string; numbers: number[]; amount: string }) => ({
        ...c,
        amount: BigInt(c.amount),
      }));
      const { outcome, multiplier } = await verifyBet(seedsOf(v), { game: 'roulette', chips });
      expect(outcome).toEqual({ game: 'roulette', pocket: v.pocket });
      const stake = chips.reduce((sum: bigint, c: { amount: bigint }) => sum + c.amount, 0n);
      // The multiplier shown (4 decimals, floored) of the exact payout / stake.
      expect(multiplier).toBe(formatRatio(ratio(BigInt(v.payout), stake), 4));
    }
    const thirdParty = await verifyBet(
      { serverSeed: 'server seed', clientSeed: 'client seed', nonce: 1 },
      { game: 'roulette', chips: [{ type: 'red', numbers: [], amount: 1n }] },
    );
    expect(thirdParty.outcome).toEqual({ game: 'roulette', pocket: 27 });
  });

  it('keno draws in order and hits', async () => {
    for (const v of vectors.keno) {
      const { outcome } = await verifyBet(seedsOf(v), { game: 'keno', picks: v.picks, risk: v.risk });
      expect(outcome).toEqual({ game: 'keno', drawn: v.drawn, hits: v.hits });
    }
  });

  it('mine positions in draw order', async () => {
    for (const v of vectors.mines) {
      const { outcome } = await verifyBet(seedsOf(v), { game: 'mines', mines: v.mines });
      expect(outcome).toEqual({ game: 'mines', minePositions: v.minePositions });
    }
  });

  it('hilo rounds replayed from their actions (server/src/domain/games/hilo/hilo_vectors.py): cards, end and multiplier', async () => {
    for (const v of fixture('hilo/hilo-vectors.json').rounds) {
      const { outcome, multiplier } = await verifyBet(seedsOf(v), { game: 'hilo', actions: v.actions });
      expect(outcome).toEqual({ game: 'hilo', cards: v.cards, end: v.end });
      if (v.end === 'cashout')
        expect(multiplier).toBe(formatRatio(ratio(BigInt(v.multiplier[0]), BigInt(v.multiplier[1])), 4));
    }
  });

  it('baccarat coups (server/src/domain/games/baccarat/baccarat_vectors.py): cards, totals and winner', async () => {
    for (const v of fixture('baccarat/baccarat-vectors.json').coups) {
      const stakes = [v.stakes.player, v.stakes.banker, v.stakes.tie].map(BigInt);
      const { outcome } = await verifyBet(seedsOf(v), { game: 'baccarat', stakes });
      expect(outcome).toEqual({
        game: 'baccarat',
        playerCards: v.playerCards,
        bankerCards: v.bankerCards,
        playerTotal: v.playerTotal,
        bankerTotal: v.bankerTotal,
        winner: v.winner,
      });
    }
  });

  it('slot bets (server/src/domain/games/slots/slots_vectors.py): every spin, free spins included, and the total, in Web Crypto', async () => {
    const bets = fixture('slots/slots-vectors.json').bets.filter((_: unknown, i: number) => i % 8 === 0 || i >= 120);
    for (const v of bets) {
      const { outcome, floats, multiplier } = await verifyBet(seedsOf(v), { game: 'slots' });
      expect(outcome, `${v.clientSeed}:${v.nonce}`).toEqual({ game: 'slots', ...v.outcome });
      expect(floats).toHaveLength(5 * v.outcome.spins.length);
      expect(Number(multiplier)).toBe(Number(v.outcome.multiplier));
    }
  });

  it('refuses bad input with a readable reason', async () => {
    const seeds = { serverSeed: 'abc', clientSeed: 'x', nonce: 0 };
    await expect(verifyBet({ ...seeds, serverSeed: '' }, { game: 'limbo', target: 2 })).rejects.toThrow(/server seed/);
    await expect(verifyBet(seeds, { game: 'keno', picks: [], risk: 'low' } as VerifyParams)).rejects.toThrow(
      /pick 1 to 10/,
    );
    await expect(verifyBet({ ...seeds, nonce: -1 }, { game: 'dice', target: 50, condition: 'over' })).rejects.toThrow(
      /nonce/,
    );
  });
});
