import { createStore, useStore } from '../../lib/external-store';
import type { RealtimeStatus } from './realtime-client';

/** The socket's state, for code that behaves differently while live (e.g. price polling). */
const realtimeStatus = createStore<RealtimeStatus>('idle');

export function setRealtimeStatus(next: RealtimeStatus): void {
  realtimeStatus.set(next);
}

export function getRealtimeStatus(): RealtimeStatus {
  return realtimeStatus.get();
}

export function useRealtimeStatus(): RealtimeStatus {
  return useStore(realtimeStatus);
}
