/** One item's share of a batch: its value, or the error that fails it alone. */
export type ItemOutcome<R> = { value: R } | { error: unknown };

/**
 * Group commit: callers submit items one by one and each waits for its own result, while the work runs for many
 * items at once. The first item of a quiet moment runs on the next turn of the event loop (with whatever arrived in
 * that turn); items that arrive while a batch runs wait and go together in the next. Under load a batch holds
 * everything that queued during the previous one, so a statement per item becomes a statement per batch; when idle
 * nothing waits longer than a turn.
 *
 * `run` answers one outcome per item, in order; if it throws, every item of that batch fails with the error.
 */
export class GroupCommit<T, R> {
  private queue: { item: T; resolve: (value: R) => void; reject: (error: unknown) => void }[] = [];
  private draining = false;
  private lingering: NodeJS.Timeout | undefined;
  private drained: Promise<void> = Promise.resolve();

  /**
   * `lingerMs`: how long the first item of a quiet moment waits for company. 0 (the default) for work a caller waits
   * on; more for work nobody waits on, where larger batches are free.
   */
  constructor(
    private readonly run: (items: T[]) => Promise<ItemOutcome<R>[]>,
    private readonly options: { maxBatch?: number; lingerMs?: number } = {},
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        if (this.options.lingerMs) this.lingering = setTimeout(() => this.start(), this.options.lingerMs).unref();
        else setImmediate(() => this.start());
      }
    });
  }

  /** Runs what is queued now, without lingering, and resolves when the queue is empty (shutdown). */
  async flush(): Promise<void> {
    if (this.lingering) this.start();
    await this.drained;
  }

  private start(): void {
    if (this.lingering) clearTimeout(this.lingering);
    this.lingering = undefined;
    this.drained = this.drain();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch ?? 500);
      try {
        const outcomes = await this.run(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => {
          const outcome = outcomes[index];
          if (outcome === undefined) entry.reject(new Error('group commit: no outcome for an item'));
          else if ('error' in outcome) entry.reject(outcome.error);
          else entry.resolve(outcome.value);
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.draining = false;
  }
}
