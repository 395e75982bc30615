import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayDraw, replayInputError, type PublishedWinner, type ReplayInput } from './raffle-replay';

/** Vectors of the independent Python implementation (tests/fixtures/raffle_vectors.py): the replay must agree. */
const vectors = JSON.parse(
  readFileSync(new URL('../../../../tests/fixtures/raffle-vectors.json', import.meta.url), 'utf8'),
) as {
  label: string;
  raffleId: string;
  serverSeed: string;
  csv: string;
  entrantsHash: string;
  prizeCount: number;
  winners: { prizeIndex: number; ticket: number; userId: number }[];
}[];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function inputOf(v: (typeof vectors)[number]): ReplayInput {
  return {
    raffleId: v.raffleId,
    serverSeed: v.serverSeed,
    serverSeedHash: sha256(v.serverSeed),
    entrantsHash: v.entrantsHash,
    entrantsCsv: v.csv,
    prizeCount: String(v.prizeCount),
  };
}

/** The site's list: every prize of the table, unawarded ones with no ticket. */
function publishedOf(v: (typeof vectors)[number]): PublishedWinner[] {
  return Array.from({ length: v.prizeCount }, (_, index) => {
    const winner = v.winners.find((w) => w.prizeIndex === index);
    return { index, ticket: winner?.ticket ?? null, userId: winner?.userId ?? null };
  });
}

describe('raffle replay in the browser (Web Crypto)', () => {
  it.each(vectors.map((v) => [v.label, v] as const))(
    '%s: every check passes on the published data',
    async (_label, v) => {
      const replay = await replayDraw(inputOf(v), publishedOf(v));
      expect(replay.serverSeedHash.ok).toBe(true);
      expect(replay.entrantsHash.ok).toBe(true);
      expect(replay.prizes).toHaveLength(v.prizeCount);
      expect(
        replay.prizes
          .filter((p) => p.drawn)
          .map((p) => ({ prizeIndex: p.prizeIndex, ticket: p.drawn!.ticket, userId: p.drawn!.userId })),
      ).toEqual(v.winners);
      expect(replay.allPass).toBe(true);
    },
  );

  it('fails the entrants check when one byte of the CSV changes, and the seed check for another seed', async () => {
    const v = vectors.at(-1)!;
    const edited = { ...inputOf(v), entrantsCsv: v.csv.replace('\n', '\r\n') };
    const replay = await replayDraw(edited, publishedOf(v));
    expect(replay.entrantsHash.ok).toBe(false);
    expect(replay.allPass).toBe(false);

    const otherSeed = await replayDraw({ ...inputOf(v), serverSeed: 'f'.repeat(64) }, publishedOf(v));
    expect(otherSeed.serverSeedHash.ok).toBe(false);
    expect(otherSeed.allPass).toBe(false);
  });

  it('marks the prize whose published winner differs from the replay', async () => {
    const v = vectors.find((vector) => vector.winners.length >= 2)!;
    const published = publishedOf(v);
    const wrong = published.map((w, index) => (index === 1 ? { ...w, ticket: (w.ticket ?? 0) + 1 } : w));
    const replay = await replayDraw(inputOf(v), wrong);
    expect(replay.prizes.map((p) => p.ok)).toEqual(published.map((_, index) => index !== 1));
    expect(replay.allPass).toBe(false);
  });

  it('replays pasted data without a published list: winners shown, nothing to compare, not "all pass"', async () => {
    const v = vectors[0]!;
    const replay = await replayDraw(inputOf(v), null);
    expect(replay.prizes.every((p) => p.ok === null)).toBe(true);
    expect(replay.allPass).toBe(false);
  });

  it('says what to fix in the form before hashing anything', async () => {
    const v = vectors[0]!;
    expect(replayInputError(inputOf(v))).toBeNull();
    expect(replayInputError({ ...inputOf(v), raffleId: 'x' })).toMatch(/raffle id/);
    expect(replayInputError({ ...inputOf(v), serverSeedHash: 'abc' })).toMatch(/64 hex/);
    expect(replayInputError({ ...inputOf(v), prizeCount: '0' })).toMatch(/prizes/);
    await expect(replayDraw({ ...inputOf(v), entrantsCsv: 'id,tickets\n1,2\n' }, null)).rejects.toThrow(/first line/);
  });
});
