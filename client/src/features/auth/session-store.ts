import { STORAGE_KEYS } from '../../constants';
import { createStore, useStore, type Store } from '../../lib/external-store';
import { parseStoredUser } from './stored-user';

/**
 * The signed-in user as the server sends it. Only the fields the shell reads are named;
 * the accounts API may send more, and they are kept as they are.
 */
export interface SessionUser {
  id?: string | number;
  username?: string;
  loginName?: string;
  publicUsername?: string;
  public_username?: string;
  email?: string;
  currency?: string;
  balance?: string | number;
  bzuBalance?: string | number;
  emailVerified?: boolean;
  role?: string;
  isAdmin?: boolean;
  isModerator?: boolean;
  /** Present once ranks exist on the server; the header shows the spec's placeholder until then. */
  rank?: string;
  experience?: number;
  experienceTarget?: number;
  createdAt?: string;
  [field: string]: unknown;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  /** The spec: signed in means a token is present in storage. */
  isSignedIn: boolean;
}

function readFromStorage(): Session {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  const user = parseStoredUser(raw);
  // A malformed record is dropped for good: restoreSession then refills it from the profile.
  if (raw !== null && user === null) localStorage.removeItem(STORAGE_KEYS.user);
  return { token: token || null, user, isSignedIn: Boolean(token) };
}

// Read at load (a malformed stored user is dropped at once), and back from storage after every write, so this
// tab sees what every tab sees.
const session = createStore<Session>(readFromStorage());

/** Read-only, for hooks that select a part of the session (use-is-signed-in.ts). */
export const sessionStore: Pick<Store<Session>, 'get' | 'subscribe'> = session;

function publish(): void {
  session.set(readFromStorage());
}

// Another tab signing in or out changes this tab too.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) publish();
});

export function getSession(): Session {
  return session.get();
}

export function useSession(): Session {
  return useStore(session);
}

let identityCache: { key: string; value: Session } | null = null;
/** The session without the balances, the same object until something else in it changes. */
function sessionIdentity(current: Session): Session {
  const { balance: _balance, bzuBalance: _bzuBalance, ...rest } = current.user ?? {};
  const key = JSON.stringify([current.token, current.user ? rest : null]);
  if (identityCache?.key !== key) identityCache = { key, value: { ...current, user: current.user ? rest : null } };
  return identityCache.value;
}

/**
 * Who is signed in (token, name, role, id), without the balances: every settled bet replaces the balance, and a
 * component that does not show it (the chat, the top bar, the socket) must not render again for each one.
 */
export function useSessionIdentity(): Session {
  return useStore(session, sessionIdentity);
}

export function startSession(token: string, user: SessionUser | null): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  else localStorage.removeItem(STORAGE_KEYS.user);
  publish();
}

/** Replaces the stored user, e.g. after a profile fetch or a username change. */
export function replaceUser(user: SessionUser): void {
  const text = JSON.stringify(user);
  // The same user again (a socket balance update repeating a bet's answer) re-renders nothing.
  if (localStorage.getItem(STORAGE_KEYS.user) === text) return;
  localStorage.setItem(STORAGE_KEYS.user, text);
  publish();
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
  publish();
}

export function displayName(user: SessionUser | null): string {
  return user?.publicUsername ?? user?.public_username ?? user?.username ?? user?.loginName ?? 'Player';
}
