/**
 * Replays a raffle draw in the browser. The draw itself is the server's own pure module
 * (server/src/domain/raffle/rules/raffle-draw.ts), fed with Web Crypto's HMAC-SHA256 and SHA-256 from the
 * fairness verifier, so this replay cannot drift from what picked the winners. What this file adds: reading the
 * published data as text (as a player would paste it) and comparing every step with what the site published.
 */
import {
  drawWinners,
  parseEntrantsCsv,
  totalTickets,
  type DrawnPrize,
  type TicketRange,
} from '../../../../server/src/domain/raffle/rules/raffle-draw';
import { hmacSha256, sha256Hex } from '../fairness/web-crypto';

/** The published data of one draw, as text fields (the replay panel's form). */
export interface ReplayInput {
  raffleId: string;
  serverSeed: string;
  serverSeedHash: string;
  entrantsHash: string;
  entrantsCsv: string;
  prizeCount: string;
}

/** A published winner to compare with: null ticket = the prize was not awarded (fewer tickets than prizes). */
export interface PublishedWinner {
  index: number;
  ticket: number | null;
  userId: number | null;
}

export interface HashCheck {
  computed: string;
  expected: string;
  ok: boolean;
}

export interface ReplayedPrize {
  prizeIndex: number;
  /** The replay's pick, or null when the replay awards no prize at this index. */
  drawn: Pick<DrawnPrize, 'ticket' | 'userId' | 'attempts'> | null;
  /** What the site published for this prize, when known. */
  published: PublishedWinner | null;
  /** null when there is nothing to compare with (pasted data). */
  ok: boolean | null;
}

export interface Replay {
  serverSeedHash: HashCheck;
  entrantsHash: HashCheck;
  totalTickets: number;
  entrants: number;
  prizes: ReplayedPrize[];
  /** Every check passed (and there was something to compare the winners with). */
  allPass: boolean;
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** The form's problem in words, or null. Checked before any hashing so the panel can say what to fix. */
export function replayInputError(input: ReplayInput): string | null {
  if (!/^\d{1,18}$/.test(input.raffleId.trim())) return 'The raffle id is a whole number';
  if (!input.serverSeed.trim()) return 'Enter the revealed server seed';
  if (!HEX_64.test(input.serverSeedHash.trim().toLowerCase())) return 'The server seed hash is 64 hex characters';
  if (!HEX_64.test(input.entrantsHash.trim().toLowerCase())) return 'The entrants hash is 64 hex characters';
  if (!/^\d{1,4}$/.test(input.prizeCount.trim()) || Number(input.prizeCount) < 1)
    return 'The number of prizes is a whole number from 1';
  if (!input.entrantsCsv.trim()) return 'Paste the entrants CSV (or load it from the draw)';
  return null;
}

function hashCheck(computed: string, expected: string): HashCheck {
  const normalised = expected.trim().toLowerCase();
  return { computed, expected: normalised, ok: computed === normalised };
}

function comparePrize(
  prizeIndex: number,
  drawn: DrawnPrize | undefined,
  published: PublishedWinner | undefined,
): ReplayedPrize {
  const pick = drawn ? { ticket: drawn.ticket, userId: drawn.userId, attempts: drawn.attempts } : null;
  if (!published) return { prizeIndex, drawn: pick, published: null, ok: null };
  const ok =
    pick === null ? published.ticket === null : published.ticket === pick.ticket && published.userId === pick.userId;
  return { prizeIndex, drawn: pick, published, ok };
}

/**
 * Runs the three checks: SHA-256(server seed) is the hash published at opening, SHA-256(CSV) is the entrants hash
 * published at closing, and the draw over the CSV's tickets picks the published winners, prize by prize. The draw
 * uses the entered entrants hash (the server drew with the published one), so an edited CSV fails its own check
 * without changing the message the HMAC signs. Throws (with a message for the player) on unreadable input.
 */
export async function replayDraw(
  input: ReplayInput,
  publishedWinners: readonly PublishedWinner[] | null,
): Promise<Replay> {
  const problem = replayInputError(input);
  if (problem) throw new RangeError(problem);
  // Pasted text may come with CRLF or without the final newline; the hash covers the canonical bytes only, so it
  // is hashed exactly as entered: a changed byte must fail the check.
  const csv = input.entrantsCsv;
  const ranges: TicketRange[] = parseEntrantsCsv(csv);
  const serverSeed = input.serverSeed.trim();
  const entrantsHash = input.entrantsHash.trim().toLowerCase();
  const [seedHash, csvHash] = await Promise.all([sha256Hex(serverSeed), sha256Hex(csv)]);
  const drawn = await drawWinners(hmacSha256, {
    raffleId: input.raffleId.trim(),
    serverSeed,
    entrantsHash,
    ranges,
    prizeCount: Number(input.prizeCount),
  });
  const prizeCount = Math.max(Number(input.prizeCount), publishedWinners?.length ?? 0);
  const prizes = Array.from({ length: prizeCount }, (_, index) =>
    comparePrize(
      index,
      drawn.find((prize) => prize.prizeIndex === index),
      publishedWinners?.find((winner) => winner.index === index),
    ),
  );
  const serverSeedHash = hashCheck(seedHash, input.serverSeedHash);
  const entrants = hashCheck(csvHash, entrantsHash);
  const winnersCompared = publishedWinners !== null && publishedWinners.length > 0;
  return {
    serverSeedHash,
    entrantsHash: entrants,
    totalTickets: totalTickets(ranges),
    entrants: ranges.length,
    prizes,
    allPass: serverSeedHash.ok && entrants.ok && winnersCompared && prizes.every((prize) => prize.ok === true),
  };
}
