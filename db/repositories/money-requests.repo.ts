import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

export interface StoredRequest {
  kind: string;
  fingerprint: string;
  answer: unknown;
}

export async function findMoneyRequest(
  db: Executor,
  userId: number,
  requestId: string,
): Promise<StoredRequest | undefined> {
  return db
    .selectFrom('money_requests')
    .select(['kind', 'fingerprint', 'answer'])
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/**
 * Claims the id for this transaction: true when it is new. A concurrent claim of the same id waits for this
 * transaction and then gets false (or true, when this one rolled back).
 */
export async function claimMoneyRequest(
  db: Executor,
  userId: number,
  request: { id: string; kind: string; fingerprint: string },
): Promise<boolean> {
  const row = await db
    .insertInto('money_requests')
    .values({
      user_id: userId,
      request_id: request.id,
      kind: request.kind,
      fingerprint: request.fingerprint,
      answer: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveMoneyRequestAnswer(
  db: Executor,
  userId: number,
  requestId: string,
  answer: unknown,
): Promise<void> {
  await db
    .updateTable('money_requests')
    .set({ answer: JSON.stringify(answer) })
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .execute();
}
