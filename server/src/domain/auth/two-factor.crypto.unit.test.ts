import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCode, openSecret, sealSecret } from './two-factor.crypto.js';

describe('two-factor secrets and recovery codes', () => {
  it('seals a secret so only the same key and user id open it', () => {
    const key = randomBytes(32);
    const sealed = sealSecret(key, 7, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(key, 7, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openSecret(key, 7, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(key, 8, sealed)).toThrow();
    expect(() => openSecret(randomBytes(32), 7, sealed)).toThrow();
  });

  it('makes distinct recovery codes and hashes them ignoring case, spaces and dashes', () => {
    const codes = Array.from({ length: 200 }, () => newRecoveryCode());
    expect(new Set(codes).size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const [code] = codes as [string];
    expect(hashRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).not.toContain(code.replace('-', ''));
  });
});
