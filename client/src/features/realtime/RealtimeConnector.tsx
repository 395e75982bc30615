import { useEffect } from 'react';
import { WEBSOCKET_RECONNECT_DELAY_MS } from '../../constants';
import { useSession } from '../auth/session-store';
import { RealtimeClient, type SocketLike } from './realtime-client';
import { realtimeHandlers } from './realtime-effects';
import { socketUrl } from './realtime-protocol';

function browserClient(): RealtimeClient {
  return new RealtimeClient(
    {
      url: () => socketUrl(window.location, import.meta.env.VITE_WS_URL as string | undefined),
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      isHidden: () => document.visibilityState === 'hidden',
      watchVisibility: (listener) => {
        document.addEventListener('visibilitychange', listener);
        return () => document.removeEventListener('visibilitychange', listener);
      },
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (timer) => window.clearTimeout(timer as number),
      reconnectDelayMs: WEBSOCKET_RECONNECT_DELAY_MS,
    },
    realtimeHandlers,
  );
}

/**
 * Keeps the /api/ws socket open while a user is signed in (spec section 4): it follows the
 * session store, so signing in, out or as someone else (also in another tab) takes effect here.
 * Guests get no socket; their token price is polled.
 */
export function RealtimeConnector() {
  const { token, user } = useSession();
  const userId = user?.id === undefined || user.id === null ? null : String(user.id);

  useEffect(() => {
    if (!token || !userId) return;
    const client = browserClient();
    // Started a tick later: a mount that is undone at once (StrictMode, a quick sign-out) opens nothing.
    const timer = window.setTimeout(() => client.start({ token, userId }), 0);
    return () => {
      window.clearTimeout(timer);
      client.dispose();
    };
  }, [token, userId]);

  return null;
}
