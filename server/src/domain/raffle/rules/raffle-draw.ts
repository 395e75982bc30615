/**
 * The raffle's provably-fair draw, one implementation for the server, the replay on /raffle and the tests. Pure
 * TypeScript (no node: imports, no packages): the server passes node:crypto's HMAC and SHA-256, the browser Web
 * Crypto's. docs/raffle.md states the scheme in words; tests/fixtures/raffle_vectors.py is an independent
 * implementation it is checked against.
 *
 * - Entrants are listed by user id ascending; each holds a contiguous range of ticket numbers, the first entrant
 *   starting at 0. The canonical list is the CSV `entrantsCsv` writes; its SHA-256 (hex) is the entrants hash,
 *   published when the raffle closes.
 * - Prize k (0 = first prize) draws one ticket from those that have not won yet: one prize per TICKET, so a player
 *   with several tickets can win several prizes, a ticket at most one.
 * - The draw for prize k is r uniform in [0, remaining tickets), read from HMAC-SHA256(serverSeed,
 *   `${raffleId}:${entrantsHash}:${k}`) as a 256-bit big-endian integer by rejection sampling: a value at or above
 *   the largest multiple of `remaining` below 2^256 is rejected and the message gets `:${attempt}` appended
 *   (attempt 1, 2, ...), so there is no modulo bias. (A rejection has probability below remaining / 2^256: in
 *   practice the first message always decides.) The winning ticket is the r-th (from 0) ticket in ascending order
 *   among those not yet drawn.
 * - With fewer tickets than prizes, the prizes left over are not awarded (their amount rolls into the jackpot).
 */

export interface RaffleEntrant {
  userId: number;
  tickets: number;
}

export interface TicketRange extends RaffleEntrant {
  /** First ticket number held, inclusive. */
  firstTicket: number;
  /** Last ticket number held, inclusive. */
  lastTicket: number;
}

export interface DrawInput {
  raffleId: string;
  serverSeed: string;
  entrantsHash: string;
  ranges: readonly TicketRange[];
  prizeCount: number;
}

export interface DrawnPrize {
  prizeIndex: number;
  ticket: number;
  userId: number;
  /** How many messages were tried (1 unless a value was rejected). */
  attempts: number;
}

/** HMAC_SHA256(key, message) as raw bytes: node:crypto on the server, crypto.subtle in the browser. */
export type RaffleHmac = (key: string, message: string) => Uint8Array | Promise<Uint8Array>;

const TWO_256 = 1n << 256n;

/** Ticket ranges in canonical order (user id ascending), entrants without tickets left out. */
export function ticketRanges(entrants: readonly RaffleEntrant[]): TicketRange[] {
  const sorted = entrants.filter((entrant) => entrant.tickets > 0).sort((a, b) => a.userId - b.userId);
  const ranges: TicketRange[] = [];
  let next = 0;
  for (const { userId, tickets } of sorted) {
    if (!Number.isSafeInteger(tickets)) throw new RangeError(`ticket count ${tickets} is not an integer`);
    if (ranges.at(-1)?.userId === userId) throw new RangeError(`user ${userId} is listed twice`);
    ranges.push({ userId, tickets, firstTicket: next, lastTicket: next + tickets - 1 });
    next += tickets;
  }
  return ranges;
}

export function totalTickets(ranges: readonly TicketRange[]): number {
  return ranges.reduce((sum, range) => sum + range.tickets, 0);
}

export const ENTRANTS_CSV_HEADER = 'user_id,tickets,first_ticket,last_ticket';

/** The published entrants list, byte for byte what the entrants hash covers: LF line ends, one after every line. */
export function entrantsCsv(ranges: readonly TicketRange[]): string {
  const lines = [
    ENTRANTS_CSV_HEADER,
    ...ranges.map((r) => `${r.userId},${r.tickets},${r.firstTicket},${r.lastTicket}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Reads a published CSV back (the replay page takes a downloaded file) and checks the ranges are contiguous. */
export function parseEntrantsCsv(csv: string): TicketRange[] {
  const lines = csv
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((line) => line.length > 0);
  if (lines[0] !== ENTRANTS_CSV_HEADER) throw new Error(`The first line must be "${ENTRANTS_CSV_HEADER}"`);
  const ranges = lines.slice(1).map((line, index) => {
    const cells = line.split(',');
    if (cells.length !== 4 || !cells.every((cell) => /^\d{1,15}$/.test(cell)))
      throw new Error(`Line ${index + 2} is not four whole numbers`);
    const [userId, tickets, firstTicket, lastTicket] = cells.map(Number) as [number, number, number, number];
    return { userId, tickets, firstTicket, lastTicket };
  });
  const expected = ticketRanges(ranges);
  ranges.forEach((range, index) => {
    const want = expected[index];
    if (
      !want ||
      want.userId !== range.userId ||
      want.firstTicket !== range.firstTicket ||
      want.lastTicket !== range.lastTicket
    ) {
      throw new Error(`Line ${index + 2}: ranges must follow user ids in ascending order, contiguous from ticket 0`);
    }
  });
  return ranges;
}

/** The HMAC message of one attempt at prize `prizeIndex`. */
export function drawMessage(raffleId: string, entrantsHash: string, prizeIndex: number, attempt: number): string {
  const base = `${raffleId}:${entrantsHash}:${prizeIndex}`;
  return attempt === 0 ? base : `${base}:${attempt}`;
}

export function digestToBigInt(digest: Uint8Array): bigint {
  let value = 0n;
  for (const byte of digest) value = (value << 8n) | BigInt(byte);
  return value;
}

/** r uniform in [0, bound) from HMAC digests, by rejection: no modulo bias. */
export async function uniformIndex(
  hmac: RaffleHmac,
  serverSeed: string,
  message: (attempt: number) => string,
  bound: number,
): Promise<{ index: number; attempts: number }> {
  if (!Number.isSafeInteger(bound) || bound <= 0) throw new RangeError(`bound ${bound} must be a positive integer`);
  const n = BigInt(bound);
  const limit = TWO_256 - (TWO_256 % n);
  for (let attempt = 0; ; attempt += 1) {
    const value = digestToBigInt(await hmac(serverSeed, message(attempt)));
    if (value < limit) return { index: Number(value % n), attempts: attempt + 1 };
  }
}

/** The r-th (from 0) ticket in [0, total) not in `drawn` (sorted ascending). */
function nthRemainingTicket(r: number, drawn: readonly number[]): number {
  let ticket = r;
  // Each drawn ticket at or below the candidate pushes it one further; `drawn` is sorted, so one pass suffices.
  for (const taken of drawn) {
    if (taken <= ticket) ticket += 1;
    else break;
  }
  return ticket;
}

export function ownerOf(ranges: readonly TicketRange[], ticket: number): TicketRange {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const range = ranges[mid]!;
    if (ticket < range.firstTicket) hi = mid - 1;
    else if (ticket > range.lastTicket) lo = mid + 1;
    else return range;
  }
  throw new RangeError(`ticket ${ticket} belongs to nobody`);
}

/** Every awarded prize of a draw, in prize order. Deterministic in its input: the replay runs exactly this. */
export async function drawWinners(hmac: RaffleHmac, input: DrawInput): Promise<DrawnPrize[]> {
  const total = totalTickets(input.ranges);
  const awarded = Math.min(input.prizeCount, total);
  const drawn: number[] = [];
  const prizes: DrawnPrize[] = [];
  for (let prizeIndex = 0; prizeIndex < awarded; prizeIndex += 1) {
    const { index, attempts } = await uniformIndex(
      hmac,
      input.serverSeed,
      (attempt) => drawMessage(input.raffleId, input.entrantsHash, prizeIndex, attempt),
      total - prizeIndex,
    );
    const ticket = nthRemainingTicket(index, drawn);
    drawn.splice(sortedInsertAt(drawn, ticket), 0, ticket);
    prizes.push({ prizeIndex, ticket, userId: ownerOf(input.ranges, ticket).userId, attempts });
  }
  return prizes;
}

function sortedInsertAt(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
