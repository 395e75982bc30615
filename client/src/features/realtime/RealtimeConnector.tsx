import { useEffect } from 'react';
import { useSessionIdentity } from '../auth/session-store';

/**
 * Keeps the /api/ws socket open while a user is signed in (spec section 4): it follows the
 * session store, so signing in, out or as someone else (also in another tab) takes effect here.
 * Guests get no socket; their token price is polled. The socket code is its own chunk, loaded
 * only for a signed-in user (guests' first load stays small, issue #17).
 */
export function RealtimeConnector() {
  const { token, user } = useSessionIdentity();
  const userId = user?.id === undefined || user.id === null ? null : String(user.id);

  useEffect(() => {
    if (!token || !userId) return;
    let stop: (() => void) | null = null;
    let undone = false;
    // Started a tick later: a mount that is undone at once (StrictMode, a quick sign-out) opens nothing.
    const timer = window.setTimeout(() => {
      void import('./realtime-session').then(({ startRealtime }) => {
        if (!undone) stop = startRealtime({ token, userId });
      });
    }, 0);
    return () => {
      undone = true;
      window.clearTimeout(timer);
      stop?.();
    };
  }, [token, userId]);

  return null;
}
