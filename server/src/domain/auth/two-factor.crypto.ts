import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for TOTP secrets at rest. The row's user id is the associated data, so a secret
 * copied onto another account's row does not decrypt.
 */
export function sealSecret(key: Buffer, userId: number, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

export function openSecret(key: Buffer, userId: number, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Crockford base32 (no i, l, o, u): 32 symbols, so a byte masked to 5 bits picks one without bias. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A recovery code: 10 characters (50 bits) shown as xxxxx-xxxxx. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Recovery codes are compared ignoring case, spaces and dashes; stored only as this digest. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`recovery:${normalizeRecoveryCode(code)}`, 'utf8')
    .digest('hex');
}
