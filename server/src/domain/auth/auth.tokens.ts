import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits as base64url (43 characters): session tokens and e-mail link tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this digest; a leaked table reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A short, stable digest for rate-limit keys, so Redis holds no e-mail addresses. */
export function limitKey(value: string): string {
  return createHash('sha256').update(value.toLowerCase(), 'utf8').digest('hex').slice(0, 32);
}

/** Passwords are compared after NFKC so the same password typed on different keyboards matches. */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** An address is an e-mail when it has an @; login names are letters and digits only. */
export function isEmailLogin(login: string): boolean {
  return login.includes('@');
}
