import { describe, expect, it } from 'vitest';
import { UNIT } from '../token/token-units.js';
import { drawLine, entrantsFrom, periodCloseAfter, RaffleService, type RaffleDeps } from './raffle.service.js';
import { formatChance, prizeLabel, winChance } from './rules/raffle-odds.js';
import type { RaffleDetail } from './raffle.views.js';

const HOUR = 3_600_000;
const rule = { usdPerTicket: 10n * UNIT, bzuPerTicket: 1_000n * UNIT };

describe('raffle service rules', () => {
  it('periods close at the configured UTC time, every period after it', () => {
    const at = new Date('2026-11-27T19:59:59.999Z');
    expect(periodCloseAfter(at, 24 * HOUR, 20 * 60).toISOString()).toBe('2026-11-27T20:00:00.000Z');
    // Exactly at the close the next period has begun.
    expect(periodCloseAfter(new Date('2026-11-27T20:00:00Z'), 24 * HOUR, 20 * 60).toISOString()).toBe(
      '2026-11-28T20:00:00.000Z',
    );
    expect(periodCloseAfter(new Date('2026-11-27T21:10:00Z'), 6 * HOUR, 20 * 60).toISOString()).toBe(
      '2026-11-28T02:00:00.000Z',
    );
    expect(periodCloseAfter(new Date('2026-11-27T01:00:00Z'), 168 * HOUR, 0).getUTCDay()).toBe(
      new Date(Date.UTC(2026, 0, 1)).getUTCDay(),
    );
  });

  it('tickets come from wagers per currency, the holder tier and the free entry; ranges follow user ids from 0', () => {
    const entrants = entrantsFrom(rule, [
      { userId: 9, wageredUsd: 25n * UNIT, wageredBzu: 999n * UNIT, bzuHeld: 0n, freeEntry: false },
      { userId: 3, wageredUsd: 0n, wageredBzu: 0n, bzuHeld: 10_000n * UNIT, freeEntry: true },
      { userId: 5, wageredUsd: 9n * UNIT, wageredBzu: 0n, bzuHeld: 0n, freeEntry: false },
    ]);
    expect(
      entrants.map((entrant) => [
        entrant.userId,
        entrant.tickets,
        entrant.firstTicket,
        entrant.lastTicket,
        entrant.holderBonus,
      ]),
    ).toEqual([
      [3, 4, 0, 3, 3],
      [9, 2, 4, 5, 0],
    ]);
  });

  it('prize labels, win chances and their display', () => {
    expect([0, 1, 2, 3, 10, 11, 12, 20, 21, 22, 100, 110].map(prizeLabel)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
    expect(winChance(0, 10, 3)).toBe(0);
    expect(winChance(1, 10, 3)).toBeCloseTo(0.3, 12);
    expect(winChance(8, 10, 3)).toBe(1);
    expect(winChance(2, 4, 2)).toBeCloseTo(1 - 1 / 6, 12);
    expect(winChance(5, 5, 50)).toBe(1);
    expect(formatChance(0.3)).toBe('0.3');
    expect(formatChance(0.012345)).toBe('0.01235');
    expect(formatChance(0.000001234)).toBe('0.000001234');
    expect(formatChance(1)).toBe('1');
    expect(formatChance(0)).toBe('0');
  });

  it('the Trollbox line names the paid winners, or says the pool rolls over', () => {
    const base = { id: '12', pool: '100', prizes: [] } as unknown as RaffleDetail;
    expect(drawLine(base)).toBe(
      'Raffle #12 drawn: no prizes this time, $100 rolls into the jackpot. Replay it on /raffle',
    );
    const prizes = [
      { index: 0, label: '1st', amount: '25', ticket: 3, userId: 1, username: 'alice' },
      { index: 1, label: '2nd', amount: '15', ticket: 1, userId: 2, username: 'bob' },
    ];
    expect(drawLine({ ...base, prizes })).toBe(
      'Raffle #12 drawn: alice won $25 (1st prize), bob won $15 (2nd prize). Replay it on /raffle',
    );
  });
});

describe('raffles switched off (RAFFLE_ENABLED=false)', () => {
  // Any use of a dependency (but the optional clock) fails the test: switched off means nothing is read or written.
  const untouchable = new Proxy({} as RaffleDeps, {
    get: (_target, name) => {
      if (name === 'now') return undefined;
      throw new Error(`dependency ${String(name)} used while raffles are off`);
    },
  });
  const off = new RaffleService(untouchable, {
    enabled: false,
    periodMs: 24 * HOUR,
    closeUtcMinutes: 0,
    revenueSharePpm: 0,
    rule,
    topPrizesPpm: [500_000],
    equalPrizes: 0,
  });

  it('the current raffle is null (an answer, not an outage) and a free entry is refused with RAFFLE_DISABLED', async () => {
    expect(await off.current(7)).toBeNull();
    await expect(off.claimFreeEntry(7)).rejects.toMatchObject({ kind: 'CONFLICT', code: 'RAFFLE_DISABLED' });
  });
});
