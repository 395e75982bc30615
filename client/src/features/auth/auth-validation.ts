import type { z } from 'zod';
import {
  DISPLAY_NAME_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  TERMS_MESSAGE,
  USERNAME_MESSAGE,
  displayNameSchema,
  emailSchema,
  loginNameSchema,
  passwordSchema,
} from '../../../../server/src/domain/auth/auth.schemas';

/** Section 5 of the spec: the rules come from the server's own schemas, the texts are the spec's. */
export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  loginName: USERNAME_MESSAGE,
  publicUsername: DISPLAY_NAME_MESSAGE,
  email: 'Please enter a valid email address.',
  passwordsMatch: PASSWORDS_DO_NOT_MATCH_MESSAGE,
  terms: TERMS_MESSAGE,
  passwordLength: PASSWORD_LENGTH_MESSAGE,
} as const;

const passes = (schema: z.ZodType, value: string) => schema.safeParse(value).success;

export function required(value: string): string | null {
  return value.trim() ? null : VALIDATION_MESSAGES.required;
}

export function validLoginName(value: string): string | null {
  return passes(loginNameSchema, value) ? null : VALIDATION_MESSAGES.loginName;
}

/** Optional; empty falls back to the login name. */
export function validPublicUsername(value: string): string | null {
  return value === '' || passes(displayNameSchema, value) ? null : VALIDATION_MESSAGES.publicUsername;
}

export function validEmail(value: string): string | null {
  if (!value.trim()) return VALIDATION_MESSAGES.required;
  return passes(emailSchema, value) ? null : VALIDATION_MESSAGES.email;
}

/** The server also refuses common passwords, which only it can check. */
export function validPassword(value: string): string | null {
  if (!value) return VALIDATION_MESSAGES.required;
  return passes(passwordSchema, value) ? null : VALIDATION_MESSAGES.passwordLength;
}

export function passwordsMatch(confirmation: string, password: string): string | null {
  if (!confirmation) return VALIDATION_MESSAGES.required;
  return confirmation === password ? null : VALIDATION_MESSAGES.passwordsMatch;
}

export function termsAccepted(accepted: boolean): string | null {
  return accepted ? null : VALIDATION_MESSAGES.terms;
}
