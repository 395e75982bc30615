/** Section 5 of the spec: the rules and the exact messages. */

const USERNAME_PATTERN = /^[A-Za-z0-9]{3,10}$/;

export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  loginName: 'Username must be 3-10 characters and contain only letters and numbers',
  publicUsername: 'Display name must be 3-10 characters and contain only letters and numbers',
  email: 'Please enter a valid email address.',
  passwordsMatch: 'Passwords do not match',
  terms: 'You must accept the Terms & Conditions',
  passwordLength: 'Password must be 8-128 characters',
} as const;

export function required(value: string): string | null {
  return value.trim() ? null : VALIDATION_MESSAGES.required;
}

export function validLoginName(value: string): string | null {
  return USERNAME_PATTERN.test(value) ? null : VALIDATION_MESSAGES.loginName;
}

/** Optional; empty falls back to the login name. */
export function validPublicUsername(value: string): string | null {
  return value === '' || USERNAME_PATTERN.test(value) ? null : VALIDATION_MESSAGES.publicUsername;
}

export function validEmail(value: string): string | null {
  if (!value.trim()) return VALIDATION_MESSAGES.required;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : VALIDATION_MESSAGES.email;
}

/** The server's rule (auth.schemas.ts): 8-128 characters; it also refuses common passwords. */
export function validPassword(value: string): string | null {
  if (!value) return VALIDATION_MESSAGES.required;
  return value.length >= 8 && value.length <= 128 ? null : VALIDATION_MESSAGES.passwordLength;
}

export function passwordsMatch(confirmation: string, password: string): string | null {
  if (!confirmation) return VALIDATION_MESSAGES.required;
  return confirmation === password ? null : VALIDATION_MESSAGES.passwordsMatch;
}

export function termsAccepted(accepted: boolean): string | null {
  return accepted ? null : VALIDATION_MESSAGES.terms;
}
