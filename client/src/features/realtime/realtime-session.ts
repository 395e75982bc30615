import { WEBSOCKET_RECONNECT_DELAY_MS } from '../../constants';
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

/** Opens the /api/ws socket for this session; the returned function closes it for good. */
export function startRealtime(session: { token: string; userId: string }): () => void {
  const client = browserClient();
  client.start(session);
  return () => client.dispose();
}
