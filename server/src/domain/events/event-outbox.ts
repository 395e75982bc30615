import type { Db } from '../../../../db/client.js';
import {
  closeSupersededOutboxEvents,
  deletePublishedOutboxEvents,
  insertOutboxEvent,
  insertOutboxEvents,
  listStaleOutboxEvents,
  markOutboxEventsPublished,
  recordOutboxEventFailure,
} from '../../../../db/repositories/event-outbox.repo.js';
import { relaxCommitDurability } from '../../../../db/repositories/durability.js';
import { GroupCommit } from '../group-commit.js';
import type { EventPayload, EventType } from './platform-events.js';

export interface OutboxPublisher {
  publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<unknown>;
}

/** An event written in a transaction, to publish once that transaction has committed. */
export interface OutboxEntry {
  id: string;
  type: EventType;
  payload: unknown;
}

/**
 * The transactional event outbox (like the e-mail outbox): an event that must not be lost is
 * written in the same transaction as the change it reports, published right after commit, and
 * published again by the housekeeping sweep when that publish failed (Redis away, process died).
 * Delivery is at least once; subscribers already treat events as idempotent states.
 */
export class EventOutbox {
  /** Published rows are marked together, up to 200 ms apart, in one UPDATE; nobody waits for it. */
  private readonly marks = new GroupCommit<string[], void>(
    async (batches) => {
      // Relaxed: a mark lost to a crash only means one more publish of that event.
      await this.deps.db.transaction().execute(async (trx) => {
        await relaxCommitDurability(trx);
        await markOutboxEventsPublished(trx, batches.flat());
      });
      return batches.map(() => ({ value: undefined }));
    },
    { lingerMs: 200 },
  );

  /** publishSoon's publishes still out. */
  private readonly publishing = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      db: Db;
      events: OutboxPublisher;
      onPublishError?: (error: unknown, entry: OutboxEntry) => void;
    },
  ) {}

  /**
   * Inside the caller's transaction. `coalesceKey`: events with the same key describe the same
   * state (one user's balance in one currency); only the newest is published late.
   */
  async write<T extends EventType>(
    trx: Db,
    type: T,
    payload: EventPayload<T>,
    coalesceKey?: string,
  ): Promise<OutboxEntry> {
    const id = await insertOutboxEvent(trx, { type, payload, coalesceKey });
    return { id, type, payload };
  }

  /** Several events in one statement (a round's end announces every winner's balance); entries in the given order. */
  async writeMany(
    trx: Db,
    events: readonly { type: EventType; payload: unknown; coalesceKey?: string }[],
  ): Promise<OutboxEntry[]> {
    // One event (a bet's balance) keeps the prepared single-row statement of the hot path.
    const ids =
      events.length === 1 ? [await insertOutboxEvent(trx, events[0]!)] : await insertOutboxEvents(trx, events);
    return events.map((event, index) => ({ id: ids[index]!, type: event.type, payload: event.payload }));
  }

  /**
   * After commit, without making the caller wait: the change is durable and its events are in the outbox, so the
   * answer need not wait for Redis (a failure stays in the outbox for the sweep). `drain` waits for these at shutdown.
   */
  publishSoon(entries: OutboxEntry[]): void {
    if (entries.length === 0) return;
    const publishing = this.publish(entries);
    this.publishing.add(publishing);
    const done = () => this.publishing.delete(publishing);
    void publishing.then(done, done);
  }

  /** After commit: publishes the entries; a failure stays in the outbox for the sweep. */
  async publish(entries: OutboxEntry[]): Promise<void> {
    const done: string[] = [];
    await Promise.all(
      entries.map(async (entry) => {
        try {
          await this.deps.events.publish(entry.type, entry.payload as EventPayload<typeof entry.type>);
          done.push(entry.id);
        } catch (error) {
          this.deps.onPublishError?.(error, entry);
          await recordOutboxEventFailure(this.deps.db, entry.id, describe(error)).catch(() => undefined);
        }
      }),
    );
    if (done.length === 0) return;
    void this.marks.submit(done).catch((error: unknown) => {
      // Published but not marked: the sweep publishes them once more (at least once).
      this.deps.onPublishError?.(error, entries[0]!);
    });
  }

  /** Shutdown, before Redis and the database close: the publishes still out (publishSoon), then the lingering marks. */
  async drain(): Promise<void> {
    await Promise.all(this.publishing);
    await this.marks.flush();
  }

  /**
   * Housekeeping: publishes events whose after-commit publish did not happen within `olderThanMs`
   * (oldest first); returns how many were published.
   */
  async republishStale(olderThanMs = 30_000, limit = 500): Promise<number> {
    await closeSupersededOutboxEvents(this.deps.db);
    const rows = await listStaleOutboxEvents(this.deps.db, new Date(Date.now() - olderThanMs), limit);
    let published = 0;
    for (const row of rows) {
      try {
        await this.deps.events.publish(row.type as EventType, row.payload as EventPayload<EventType>);
        await markOutboxEventsPublished(this.deps.db, [String(row.id)]);
        published += 1;
      } catch (error) {
        await recordOutboxEventFailure(this.deps.db, String(row.id), describe(error));
        // The bus is still away: the rest would fail the same way; the next sweep tries again.
        break;
      }
    }
    return published;
  }

  /** Housekeeping: published rows older than `keepMs` are deleted. */
  purgePublished(keepMs = 24 * 3_600_000): Promise<number> {
    return deletePublishedOutboxEvents(this.deps.db, new Date(Date.now() - keepMs));
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
