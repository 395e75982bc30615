import type { ColumnType } from 'kysely';
import type { Generated, Int8, NullableTimestamp, Timestamp } from './schema.js';

/** The transactional event outbox (migration 20261127_0201_event_outbox). */
export interface EventOutboxTable {
  id: Generated<Int8>;
  type: string;
  payload: ColumnType<unknown, string, string>;
  coalesce_key: string | null;
  created_at: Generated<Timestamp>;
  attempts: Generated<number>;
  last_error: string | null;
  published_at: NullableTimestamp;
}

export interface EventTables {
  event_outbox: EventOutboxTable;
}
