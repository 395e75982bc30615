/**
 * Which statements run as named prepared statements. Postgres parses and plans an unnamed statement every time; the
 * settlement path runs the same handful of statements for every bet, and planning them was a fifth of Postgres' CPU
 * per bet. A statement text seen often enough (five runs, as Npgsql's auto-prepare) gets a name, and pg then parses it
 * once per connection (later runs send only Bind/Execute; Postgres settles on a generic plan after five).
 *
 * Bounded on purpose: texts that vary with their input (an IN list of n ids) would otherwise leave an unbounded number
 * of statements in every pooled backend. Only `limit` texts are ever named per process, and the counts of texts not
 * yet named start over once `tracked` of them are being counted.
 *
 * A text that selects or returns every column (`*`, `t.*`) is never named: once prepared, its result columns are fixed,
 * so a migration that adds a column would fail it on every running server until they restart.
 */
export interface StatementNamerOptions {
  /** Runs of the same text before it gets a name. */
  promoteAfter?: number;
  /** Most texts named per process (each pooled connection prepares at most this many). */
  limit?: number;
  /** Most texts counted at a time before the counts start over. */
  tracked?: number;
}

/** `select *`, `select t.*`, `returning *`, `, "t".*`: the column list is the table's, whatever it is today. */
const EVERY_COLUMN = /(?:\bselect|\breturning|,)\s+(?:(?:"[^"]+"|\w+)\.)?\*/i;

export class StatementNamer {
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  private readonly unnamed = new Set<string>();
  private readonly promoteAfter: number;
  private readonly limit: number;
  private readonly tracked: number;

  constructor({ promoteAfter = 5, limit = 200, tracked = 2_000 }: StatementNamerOptions = {}) {
    this.promoteAfter = promoteAfter;
    this.limit = limit;
    this.tracked = tracked;
  }

  /** The statement's name once it is frequent, else undefined (run it unnamed). */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= this.limit) return named;
    if (this.unnamed.has(text)) return undefined;
    const seen = (this.counts.get(text) ?? 0) + 1;
    if (seen < this.promoteAfter) {
      if (this.counts.size >= this.tracked) this.counts.clear();
      this.counts.set(text, seen);
      return undefined;
    }
    this.counts.delete(text);
    if (EVERY_COLUMN.test(text)) {
      if (this.unnamed.size >= this.tracked) this.unnamed.clear();
      this.unnamed.add(text);
      return undefined;
    }
    // One name per text for the whole process: pg refuses a name reused for another text on the same connection.
    const name = `bzu_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}
