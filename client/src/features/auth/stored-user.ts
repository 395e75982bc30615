import type { SessionUser } from './session-store';

type FieldCheck = (value: unknown) => boolean;
const isString: FieldCheck = (value) => typeof value === 'string';
const isAmount: FieldCheck = (value) =>
  (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) || (typeof value === 'number' && Number.isFinite(value));
const isBoolean: FieldCheck = (value) => typeof value === 'boolean';
const isCount: FieldCheck = (value) => typeof value === 'number' && Number.isFinite(value);

/** The stored user's fields the app reads, with the type each must have when present. */
const FIELDS: Record<string, FieldCheck> = {
  id: (value) => isString(value) || isCount(value),
  username: isString,
  loginName: isString,
  publicUsername: isString,
  public_username: isString,
  email: isString,
  currency: isString,
  balance: isAmount,
  bzuBalance: isAmount,
  emailVerified: isBoolean,
  role: isString,
  isAdmin: isBoolean,
  isModerator: isBoolean,
  rank: isString,
  experience: isCount,
  experienceTarget: isCount,
  createdAt: isString,
};

/**
 * The `user` record from localStorage, or null when it is missing or malformed. Storage is
 * outside the app's control (an old version, an extension, a hand edit): a field of the wrong
 * type used to crash every render ("n.slice is not a function") with no way out but clearing
 * the site's data. A record that fails here is dropped and the profile is fetched again.
 */
export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  for (const [field, check] of Object.entries(FIELDS)) {
    const value = record[field];
    if (value !== undefined && value !== null && !check(value)) return null;
  }
  return record as SessionUser;
}
