import { toApiError } from '../../lib/api-error';
import { authApi, type AuthResult, type LoginInput, type RegisterInput } from './auth-api';
import { clearSession, getSession, replaceUser, startSession } from './session-store';
import { withTransientRetry } from './transient-retry';

/** Stores the new session, then refreshes the user from the profile; a failed refresh keeps the session. */
async function adoptSession(result: AuthResult): Promise<void> {
  startSession(result.token, result.user);
  try {
    replaceUser(await authApi.fetchProfile());
  } catch {
    // The spec: a failed profile fetch is ignored and the session stands.
  }
}

export async function signIn(input: LoginInput): Promise<void> {
  try {
    await adoptSession(await authApi.login(input));
  } catch (error) {
    throw toApiError(error);
  }
}

/** Registration: one automatic retry, and only after a transient failure (network, 5xx). */
export async function registerAccount(input: RegisterInput): Promise<void> {
  const result = await withTransientRetry(() => authApi.register(input));
  if (result.token) await adoptSession(result);
}

/**
 * Revokes the session on the server, then forgets it here. Logging out always succeeds locally:
 * an expired token (401) or an unreachable server must not keep the user signed in.
 */
export async function signOut(): Promise<void> {
  try {
    if (getSession().token) await authApi.logout();
  } catch {
    // The server-side session ends on its own (expiry); the local one ends now.
  } finally {
    clearSession();
  }
}

/** The spec: changing the username replaces the stored user with the returned object. */
export async function changeDisplayName(publicUsername: string): Promise<void> {
  try {
    replaceUser(await authApi.changeDisplayName(publicUsername));
  } catch (error) {
    throw toApiError(error);
  }
}

/** Refreshes the stored user from the server (e.g. when the profile page opens). */
export async function refreshProfile(): Promise<void> {
  const { token } = getSession();
  if (!token) return;
  const user = await authApi.fetchProfile();
  // Signed out (or in as someone else) meanwhile: the answer belongs to a session that is gone.
  if (getSession().token === token) replaceUser(user);
}

/**
 * At start, with a token: the profile is fetched every time, so the header's balances are the
 * server's (a deposit that arrived while the tab was closed shows at once; issue #17). The stored
 * user is shown meanwhile. A 401 ends the session (apiFetch says so); without a stored user any
 * failure does, since there is nothing to show.
 */
export async function restoreSession(): Promise<void> {
  const { token } = getSession();
  if (!token) return;
  try {
    const user = await authApi.fetchProfile();
    if (getSession().token === token) replaceUser(user);
  } catch {
    if (getSession().token === token && !getSession().user) clearSession();
  }
}
