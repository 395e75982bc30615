import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

/** Whether the player hides their name on the public page of their bets. */
export async function hidesBets(db: Executor, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('hide_bets').where('id', '=', userId).executeTakeFirst();
  return row?.hide_bets ?? false;
}

export async function setHidesBets(db: Executor, userId: number, hidden: boolean): Promise<void> {
  await db.updateTable('users').set({ hide_bets: hidden }).where('id', '=', userId).execute();
}
