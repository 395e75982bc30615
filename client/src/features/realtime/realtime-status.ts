import { useSyncExternalStore } from 'react';
import type { RealtimeStatus } from './realtime-client';

/** The socket's state, for code that behaves differently while live (e.g. price polling). */
let status: RealtimeStatus = 'idle';
const listeners = new Set<() => void>();

export function setRealtimeStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribe, getRealtimeStatus);
}
