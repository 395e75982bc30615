import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for `secret` (base32) at `at` (default now), RFC 6238 defaults. */
export function totpCode(secret: string, at: number = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });
}
