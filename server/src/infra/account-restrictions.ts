import { sql } from 'kysely';
import type { Db } from '../../../db/client.js';

/**
 * "Is this user self-excluded right now?" for areas that must refuse excluded players (chat).
 * Reads self_exclusions (written by the account work): a row whose period has started and whose
 * ends_at is null (permanent) or in the future. A database without the table answers false; any
 * other failure propagates, so a check never passes silently.
 */
export function selfExclusionCheck(db: Db): (userId: number) => Promise<boolean> {
  return async (userId) => {
    try {
      const { rows } = await sql<{ excluded: boolean }>`
        select exists (
          select 1 from self_exclusions
          where user_id = ${userId} and starts_at <= now() and (ends_at is null or ends_at > now())
        ) as excluded`.execute(db);
      return rows[0]?.excluded === true;
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') return false; // undefined_table
      throw error;
    }
  };
}
