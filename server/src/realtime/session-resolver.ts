/** Who a session token belongs to; the auth service provides the real one. */
export interface SessionUser {
  id: string;
}

/** Any user record with an id (numeric ids are fine: channels use its decimal form). */
export type SessionResolver = (token: string) => Promise<{ id: string | number } | null>;

/** Until auth is wired in, every token is unknown and every socket a guest. */
export const noSessions: SessionResolver = async () => null;
