import { notifications } from '@mantine/notifications';
import { clearSession, getSession } from './session-store';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/**
 * The server answered 401 to a signed-in request (session revoked, expired, or signed out
 * elsewhere): the session goes, and the player is told why rather than just finding the LOGIN
 * button (issue #17). Guests' 401s (a wrong password) say nothing here.
 */
export function endSessionAfterUnauthorized(): void {
  if (!getSession().token) return;
  clearSession();
  notifications.show({ id: 'session-ended', color: 'yellow', title: 'Signed out', message: SESSION_ENDED_MESSAGE });
}
