import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * A statement written once as SQL text, for the few the settlement path runs for every bet (the nonce, the bet row,
 * the balance updates, the outbox row, the session). Building and compiling one with the query builder cost about as
 * much Node CPU as the rest of its repository work together; a constant text skips both, and as the same string every
 * time it is also what the prepared-statement namer finds fastest (db/prepared-statements.ts).
 *
 * The text numbers its parameters ($1, $2, ...) in the order `run` receives them, and names its columns as the row
 * type does. Repository tests run every one of them against Postgres.
 */
export interface Precompiled<Row, Parameters extends readonly unknown[]> {
  readonly text: string;
  run(db: Kysely<Database>, ...parameters: Parameters): Promise<Row[]>;
}

export function precompiled<Row, Parameters extends readonly unknown[]>(text: string): Precompiled<Row, Parameters> {
  const squashed = text.replace(/\s+/g, ' ').trim();
  return {
    text: squashed,
    async run(db, ...parameters) {
      const result = await db.executeQuery(CompiledQuery.raw(squashed, [...parameters]) as CompiledQuery<Row>);
      return result.rows;
    },
  };
}
