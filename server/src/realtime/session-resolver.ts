/** Who a session token belongs to; the auth service provides the real one. */
export interface SessionUser {
  id: string;
  /** The session behind the token, so a revocation can find its live connections. */
  sessionId?: string;
  /** When the session expires (ms since epoch); its connections end then. */
  expiresAt?: number;
}

/** Any user record with an id (numeric ids are fine: channels use its decimal form). */
export type SessionResolver = (
  token: string,
) => Promise<{ id: string | number; sessionId?: string; expiresAt?: Date | string | number } | null>;

/** Until auth is wired in, every token is unknown and every socket a guest. */
export const noSessions: SessionResolver = async () => null;
