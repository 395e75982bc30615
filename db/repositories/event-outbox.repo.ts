import { sql, type Kysely, type Selectable } from 'kysely';
import type { EventOutboxTable } from '../event-tables.js';
import { precompiled } from '../precompiled.js';
import type { Database } from '../schema.js';

export type EventOutboxRow = Selectable<EventOutboxTable>;
type Executor = Kysely<Database>;

/** Writes one event inside the caller's transaction; returns its id. */
const INSERT_OUTBOX_EVENT = precompiled<{ id: string }, [type: string, payload: string, coalesceKey: string | null]>(`
  insert into event_outbox (type, payload, coalesce_key) values ($1, $2, $3) returning id`);

export async function insertOutboxEvent(
  db: Executor,
  values: { type: string; payload: unknown; coalesceKey?: string },
): Promise<string> {
  const [row] = await INSERT_OUTBOX_EVENT.run(
    db,
    values.type,
    JSON.stringify(values.payload),
    values.coalesceKey ?? null,
  );
  return String(row!.id);
}

/** Writes several events in one statement inside the caller's transaction; returns their ids in the given order. */
export async function insertOutboxEvents(
  db: Executor,
  values: readonly { type: string; payload: unknown; coalesceKey?: string }[],
): Promise<string[]> {
  if (values.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    insert into event_outbox (type, payload, coalesce_key)
    select type, payload::jsonb, coalesce_key from unnest(${values.map((v) => v.type)}::text[],
      ${values.map((v) => JSON.stringify(v.payload))}::text[], ${values.map((v) => v.coalesceKey ?? null)}::text[])
      with ordinality as v(type, payload, coalesce_key, n)
    order by n
    returning id::text as id`.execute(db);
  // Ids are drawn from the sequence in row order (the select's), so ascending ids are the given order.
  return rows
    .map((row) => BigInt(row.id))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map(String);
}

/** One text for any number of ids (an array, not an IN list): built once, and prepared (db/precompiled.ts). */
const MARK_OUTBOX_EVENTS_PUBLISHED = precompiled<never, [ids: string[]]>(`
  update event_outbox set published_at = now(), last_error = null where id = any($1::bigint[])`);

export async function markOutboxEventsPublished(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await MARK_OUTBOX_EVENTS_PUBLISHED.run(db, ids);
}

export async function recordOutboxEventFailure(db: Executor, id: string, error: string): Promise<void> {
  await db
    .updateTable('event_outbox')
    .set({ attempts: sql`attempts + 1`, last_error: error })
    .where('id', '=', id)
    .execute();
}

/**
 * Unpublished rows a newer row (same coalesce key) has superseded are closed without publishing:
 * a late publish of an old balance would overwrite the newer one on the client.
 */
export async function closeSupersededOutboxEvents(db: Executor): Promise<number> {
  const result = await sql`
    update event_outbox o set published_at = now(), last_error = 'superseded'
    where o.published_at is null and o.coalesce_key is not null
      and exists (select 1 from event_outbox n where n.coalesce_key = o.coalesce_key and n.id > o.id)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Unpublished events older than the cutoff (their after-commit publish failed or never ran), oldest first. */
export function listStaleOutboxEvents(db: Executor, olderThan: Date, limit: number): Promise<EventOutboxRow[]> {
  return db
    .selectFrom('event_outbox')
    .selectAll()
    .where('published_at', 'is', null)
    .where('created_at', '<', olderThan)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Published rows are history only; housekeeping drops them after a while. */
export async function deletePublishedOutboxEvents(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('event_outbox').where('published_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
