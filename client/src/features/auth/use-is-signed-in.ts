import { useStore } from '../../lib/external-store';
import { sessionStore } from './session-store';

/**
 * Only whether someone is signed in: unlike useSession, a balance change (every settled bet) does not re-render the
 * caller. Its own module, so the first screen, which never uses it, does not carry it.
 */
export function useIsSignedIn(): boolean {
  return useStore(sessionStore, (session) => session.isSignedIn);
}
