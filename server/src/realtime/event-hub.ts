import type { BusEvent } from '../infra/event-bus.js';

export type EventListener = (event: BusEvent) => void;

/**
 * The in-process half of the event path: one feed from this process's Redis subscriber, fanned out
 * by channel to tRPC subscriptions, and to the legacy socket server as a whole (which keeps its own
 * channel -> sockets index so that it frames each event once).
 */
export class EventHub {
  private readonly byChannel = new Map<string, Set<EventListener>>();
  private readonly everything = new Set<EventListener>();

  dispatch(event: BusEvent): void {
    for (const listener of this.everything) safely(listener, event);
    const listeners = this.byChannel.get(event.channel);
    if (listeners) for (const listener of listeners) safely(listener, event);
  }

  subscribe(channel: string, listener: EventListener): () => void {
    let listeners = this.byChannel.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.byChannel.set(channel, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byChannel.get(channel) === listeners) this.byChannel.delete(channel);
    };
  }

  onAny(listener: EventListener): () => void {
    this.everything.add(listener);
    return () => this.everything.delete(listener);
  }

  listenerCount(channel?: string): number {
    if (channel !== undefined) return this.byChannel.get(channel)?.size ?? 0;
    let total = this.everything.size;
    for (const listeners of this.byChannel.values()) total += listeners.size;
    return total;
  }
}

function safely(listener: EventListener, event: BusEvent): void {
  try {
    listener(event);
  } catch {
    // One faulty listener must not stop delivery to the others.
  }
}
