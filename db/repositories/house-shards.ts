/**
 * The games house account is split into shard rows so that bets of different players do not queue on one row lock
 * (issue #47 point 1; docs/architecture.md "The games house account in shards"). Shard 0 is the original
 * `house:games` row, kept with its history; shards 1..N-1 are `house:games:<n>`. A posting that names a player lands
 * on that player's shard, so one player's postings stay ordered on one row. The house's games balance is the sum of
 * its shards: every reader goes through GAMES_HOUSE_CODES.
 */
export const GAMES_HOUSE_SHARDS = 16;

/** The account code of one shard of the games house account. */
export function gamesHouseCode(shard: number): string {
  return shard === 0 ? 'house:games' : `house:games:${shard}`;
}

/** The shard a player's postings land on; postings that name no player (fundings, burns) use shard 0. */
export function gamesHouseShard(userId: number | null | undefined): number {
  return userId == null ? 0 : ((userId % GAMES_HOUSE_SHARDS) + GAMES_HOUSE_SHARDS) % GAMES_HOUSE_SHARDS;
}

/** Every shard's code: what reads "the games house account" (its balance, its entries) filters on. */
export const GAMES_HOUSE_CODES: readonly string[] = Array.from({ length: GAMES_HOUSE_SHARDS }, (_, shard) =>
  gamesHouseCode(shard),
);
