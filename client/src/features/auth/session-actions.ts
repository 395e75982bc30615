import { toApiError } from '../../lib/api-error';
import { authApi, type AuthResult, type LoginInput, type RegisterInput } from './auth-api';
import { clearSession, getSession, replaceUser, startSession } from './session-store';

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

/** Registration is tried twice with the same fields; the second failure goes to the caller. */
export async function registerAccount(input: RegisterInput): Promise<void> {
  let result: AuthResult;
  try {
    result = await authApi.register(input);
  } catch {
    try {
      result = await authApi.register(input);
    } catch (error) {
      throw toApiError(error);
    }
  }
  if (result.token) await adoptSession(result);
}

export async function signOut(): Promise<void> {
  try {
    await authApi.logout();
  } finally {
    clearSession();
  }
}

/** At start: a stored user is trusted as is; a token without one is checked with a profile call. */
export async function restoreSession(): Promise<void> {
  const { token, user } = getSession();
  if (!token || user) return;
  try {
    replaceUser(await authApi.fetchProfile());
  } catch {
    clearSession();
  }
}
