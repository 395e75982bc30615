import { describe, expect, it } from 'vitest';
import { refreshAfterReconnect } from './reconnect-refresh';

describe('refreshAfterReconnect', () => {
  it('refreshes once per reconnection, not on the first connection', () => {
    let refreshes = 0;
    const onStatus = refreshAfterReconnect(() => (refreshes += 1));
    for (const status of ['connecting', 'live'] as const) onStatus(status);
    expect(refreshes).toBe(0);
    for (const status of ['down', 'connecting', 'down', 'connecting', 'live', 'live'] as const) onStatus(status);
    expect(refreshes).toBe(1);
    for (const status of ['down', 'live'] as const) onStatus(status);
    expect(refreshes).toBe(2);
    // Signed out while down, then in again: a fresh start, not a reconnection.
    for (const status of ['down', 'idle', 'connecting', 'live'] as const) onStatus(status);
    expect(refreshes).toBe(2);
  });
});
