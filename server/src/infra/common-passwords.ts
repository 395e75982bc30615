import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let cached: Set<string> | undefined;

/**
 * The most common passwords of 8+ characters (common-passwords.txt beside this file; one per line,
 * lines starting with # are comments). Compared case-insensitively.
 */
export function commonPasswords(): Set<string> {
  if (!cached) {
    const file = fileURLToPath(new URL('./common-passwords.txt', import.meta.url));
    cached = new Set(
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#')),
    );
  }
  return cached;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
