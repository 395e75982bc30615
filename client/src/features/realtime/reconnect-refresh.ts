import type { RealtimeStatus } from './realtime-client';

/**
 * Calls `refresh` each time the socket is live again after having been down: balance events
 * sent while it was closed never arrive, so the header would keep the old balance until the
 * next one (issue #17). The first connection needs none (the app start fetches the profile).
 */
export function refreshAfterReconnect(refresh: () => void): (status: RealtimeStatus) => void {
  let wasDown = false;
  return (status) => {
    if (status === 'down') wasDown = true;
    else if (status === 'idle') wasDown = false;
    else if (status === 'live' && wasDown) {
      wasDown = false;
      refresh();
    }
  };
}
