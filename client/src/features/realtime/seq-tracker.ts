/**
 * Per-channel sequence bookkeeping for the /api/ws socket (docs/api.md "Realtime socket").
 * `subscribed` carries the channel's current seq as a baseline; every event on the channel then
 * carries the previous seq + 1. A jump means events were missed and the affected data must be
 * refetched. Pure logic, no I/O.
 */
export type SeqVerdict =
  /** The next event in order (or the first one seen on the channel): apply it. */
  | 'in-order'
  /** Events were missed before this one: apply it and refetch what the channel feeds. */
  | 'gap'
  /** Already seen (or older): ignore it. */
  | 'stale';

export class SeqTracker {
  private readonly last = new Map<string, number>();

  /**
   * Records a `subscribed` baseline. On a re-subscribe after a reconnect, a baseline beyond the
   * last seq seen means events were published while the socket was away: that is a gap too.
   */
  baseline(channel: string, seq: number): 'in-order' | 'gap' {
    const previous = this.last.get(channel);
    this.last.set(channel, seq);
    return previous !== undefined && seq > previous ? 'gap' : 'in-order';
  }

  /** Classifies one event frame and remembers its seq when it is applied. */
  accept(channel: string, seq: number): SeqVerdict {
    const previous = this.last.get(channel);
    if (previous === undefined) {
      this.last.set(channel, seq);
      return 'in-order';
    }
    if (seq <= previous) return 'stale';
    this.last.set(channel, seq);
    return seq === previous + 1 ? 'in-order' : 'gap';
  }

  lastSeq(channel: string): number | undefined {
    return this.last.get(channel);
  }

  /** Forget one channel (unsubscribed, or a different user signed in). */
  forget(channel: string): void {
    this.last.delete(channel);
  }

  clear(): void {
    this.last.clear();
  }
}
