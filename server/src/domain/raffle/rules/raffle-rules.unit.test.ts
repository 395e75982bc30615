import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  drawMessage,
  drawWinners,
  entrantsCsv,
  parseEntrantsCsv,
  ticketRanges,
  uniformIndex,
  type RaffleHmac,
} from './raffle-draw.js';
import { prizeAmounts, prizeShares, ticketsFor } from './raffle-prizes.js';

/** Vectors from tests/fixtures/raffle_vectors.py, an implementation of the draw that shares no code with this one. */
const vectors = JSON.parse(
  readFileSync(new URL('../../../../../tests/fixtures/raffle-vectors.json', import.meta.url), 'utf8'),
) as {
  label: string;
  raffleId: string;
  serverSeed: string;
  entrants: { userId: number; tickets: number }[];
  csv: string;
  entrantsHash: string;
  prizeCount: number;
  winners: { prizeIndex: number; ticket: number; userId: number }[];
}[];
const hmac: RaffleHmac = (key, message) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('raffle draw: golden vectors (independent Python implementation)', () => {
  it.each(vectors.map((v) => [v.label, v] as const))('%s: same CSV, hash and winners', async (_label, v) => {
    const ranges = ticketRanges(v.entrants);
    expect(entrantsCsv(ranges)).toBe(v.csv);
    expect(sha256(entrantsCsv(ranges))).toBe(v.entrantsHash);
    const winners = await drawWinners(hmac, {
      raffleId: v.raffleId,
      serverSeed: v.serverSeed,
      entrantsHash: v.entrantsHash,
      ranges,
      prizeCount: v.prizeCount,
    });
    expect(winners.map(({ prizeIndex, ticket, userId }) => ({ prizeIndex, ticket, userId }))).toEqual(v.winners);
  });

  it('a replay from the downloaded CSV picks the same winners', async () => {
    const v = vectors.at(-1)!;
    const ranges = parseEntrantsCsv(v.csv);
    const winners = await drawWinners(hmac, {
      raffleId: v.raffleId,
      serverSeed: v.serverSeed,
      entrantsHash: sha256(v.csv),
      ranges,
      prizeCount: v.prizeCount,
    });
    expect(winners.map((w) => w.userId)).toEqual(v.winners.map((w) => w.userId));
  });
});

describe('raffle draw: rules', () => {
  it('one prize per ticket: no ticket wins twice, and every ticket is drawn when prizes outnumber tickets', async () => {
    const ranges = ticketRanges([
      { userId: 4, tickets: 3 },
      { userId: 1, tickets: 2 },
    ]);
    const winners = await drawWinners(hmac, {
      raffleId: '9',
      serverSeed: 'seed',
      entrantsHash: 'h',
      ranges,
      prizeCount: 10,
    });
    expect(winners).toHaveLength(5);
    expect(winners.map((w) => w.ticket).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(
      winners
        .filter((w) => w.userId === 1)
        .map((w) => w.ticket)
        .sort(),
    ).toEqual([0, 1]);
  });

  it('rejects values in the biased tail and retries with an attempt suffix', async () => {
    const messages: string[] = [];
    const maxThenZero: RaffleHmac = (_key, message) => {
      messages.push(message);
      return new Uint8Array(32).fill(message.endsWith(':1') ? 0 : 0xff);
    };
    const pick = await uniformIndex(maxThenZero, 's', (attempt) => drawMessage('5', 'abc', 2, attempt), 3);
    expect(messages).toEqual(['5:abc:2', '5:abc:2:1']);
    expect(pick).toEqual({ index: 0, attempts: 2 });
  });

  it('is uniform over tickets: 20,000 simulated draws over 10 tickets pass a chi-square test', async () => {
    const ranges = ticketRanges([
      { userId: 1, tickets: 1 },
      { userId: 2, tickets: 2 },
      { userId: 3, tickets: 7 },
    ]);
    const counts = new Array<number>(10).fill(0);
    const draws = 20_000;
    for (let i = 0; i < draws; i += 1) {
      const [first] = await drawWinners(hmac, {
        raffleId: String(i),
        serverSeed: 'uniformity',
        entrantsHash: 'h',
        ranges,
        prizeCount: 1,
      });
      counts[first!.ticket]! += 1;
    }
    const expected = draws / 10;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: P(chi2 > 27.88) = 0.001.
    expect(chiSquare).toBeLessThan(27.88);
    const user3Share = counts.slice(3).reduce((a, b) => a + b, 0) / draws;
    expect(Math.abs(user3Share - 0.7)).toBeLessThan(0.02);
  });

  it('refuses a CSV whose ranges are not contiguous from 0 in user order', () => {
    expect(() => parseEntrantsCsv('user_id,tickets,first_ticket,last_ticket\n2,1,0,0\n1,1,1,1\n')).toThrow(/ascending/);
    expect(() => parseEntrantsCsv('user_id,tickets,first_ticket,last_ticket\n1,2,0,0\n')).toThrow(/contiguous/);
    expect(() => parseEntrantsCsv('id,tickets\n1,2\n')).toThrow(/first line/);
  });
});

describe('raffle tickets and prizes', () => {
  const rule = { usdPerTicket: 10n * 10n ** 8n, bzuPerTicket: 1_000n * 10n ** 8n };

  it('one ticket per full amount wagered in each currency, plus holder bonus and free entry', () => {
    expect(
      ticketsFor(rule, { wageredUsd: 29_99999999n, wageredBzu: 2_500n * 10n ** 8n, holderBonus: 3, freeEntry: 1 }),
    ).toBe(2 + 2 + 3 + 1);
    expect(
      ticketsFor(
        { usdPerTicket: 0n, bzuPerTicket: 0n },
        { wageredUsd: 10n ** 12n, wageredBzu: 10n ** 12n, holderBonus: 0, freeEntry: 0 },
      ),
    ).toBe(0);
  });

  it('top prizes then equal prizes; amounts never exceed the pool', () => {
    const shares = prizeShares([250_000, 150_000, 100_000], 47);
    expect(shares).toHaveLength(50);
    expect(shares[3]).toBe(10_638n);
    const pool = 123_456_789_01n;
    const amounts = prizeAmounts(pool, shares);
    expect(amounts[0]).toBe((pool * 250_000n) / 1_000_000n);
    expect(amounts.reduce((a, b) => a + b, 0n) <= pool).toBe(true);
    expect(() => prizeShares([600_000, 500_000], 0)).toThrow(/exceed/);
  });
});
