import { ALL_ROLES } from '../staff/roles.schemas.js';
/**
 * Account validation, shared by the server's procedures and the client's forms (spec section 5).
 * Imports nothing but zod so the client bundle can use it as is.
 */
import { z } from 'zod';
import { REFERRAL_CODE_PATTERN } from './referral-code.schemas.js';

export const USERNAME_MESSAGE = 'Username must be 3-10 characters and contain only letters and numbers';
export const DISPLAY_NAME_MESSAGE = 'Display name must be 3-10 characters and contain only letters and numbers';
export const PASSWORD_LENGTH_MESSAGE = 'Password must be 8-128 characters';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';
export const TERMS_MESSAGE = 'You must accept the Terms & Conditions';
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

/** ASCII letters and digits only: no look-alike letters from other scripts can imitate a name. */
const NAME_PATTERN = /^[A-Za-z0-9]{3,10}$/;

/** Players are `user`; the staff roles and what each may do: domain/staff/roles.schemas.ts. */
export const ROLES = ALL_ROLES;
export type Role = (typeof ROLES)[number];

/** A string field whose wrong type or absence is reported with the field's human name. */
function text(label: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
  });
}

export const loginNameSchema = text('Username').regex(NAME_PATTERN, USERNAME_MESSAGE);

export const displayNameSchema = text('Display name').regex(NAME_PATTERN, DISPLAY_NAME_MESSAGE);

export const emailSchema = text('Email')
  .trim()
  .max(254, INVALID_EMAIL_MESSAGE)
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = text('Password').min(8, PASSWORD_LENGTH_MESSAGE).max(128, PASSWORD_LENGTH_MESSAGE);

export const currencySchema = text('Currency').regex(/^[A-Z]{3,5}$/, 'Currency must be a 3-5 letter code');

/** An empty display name means "use the login name" (spec section 5). */
const optionalDisplayName = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  displayNameSchema.optional(),
);

/** Referral codes: 3-20 letters and digits (the database holds the same rule). */
export { REFERRAL_CODE_PATTERN } from './referral-code.schemas.js';
export const REFERRAL_CODE_MESSAGE = 'A referral code is 3-20 letters and digits';

/** A referral code or nothing: a malformed one never fails a registration. */
const referralCodeSchema = z.string().trim().regex(REFERRAL_CODE_PATTERN).optional().catch(undefined);

export const registerInputSchema = z.object({
  email: emailSchema,
  loginName: loginNameSchema,
  publicUsername: optionalDisplayName,
  password: passwordSchema,
  currency: currencySchema.optional(),
  /** A referral code from a ?ref= link. Anything that is not a well-formed code is dropped, never refused. */
  ref: referralCodeSchema,
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** The registration form: the wire fields plus the confirmation and terms checks of spec section 5. */
export const registerFormSchema = registerInputSchema
  .extend({
    confirmPassword: text('Password confirmation'),
    acceptTerms: z.boolean().refine((accepted) => accepted, TERMS_MESSAGE),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx). */
export const twoFactorCodeSchema = text('Code').trim().min(1, 'Code is required').max(32, 'Code is too long');

export const loginInputSchema = z.object({
  /** A login name or an e-mail address. */
  login: text('Username or email')
    .trim()
    .min(1, 'Username or email is required')
    .max(254, 'Username or email is too long')
    // Control characters (NUL above all) can be neither a name nor an address.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point here
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'Username or email contains invalid characters'),
  password: text('Password').min(1, 'Password is required').max(128, PASSWORD_LENGTH_MESSAGE),
  /** The second step when the account has 2FA on: a current code or a recovery code. */
  twoFactorCode: twoFactorCodeSchema.optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const changeDisplayNameInputSchema = z.object({ publicUsername: displayNameSchema });

/**
 * A link token. Any string up to 512 characters is passed on, so that an unknown, used, expired or
 * mangled link all get the same "Invalid or expired ... link" answer from the service.
 */
export const emailTokenSchema = text('Token').max(512, 'Token is too long');

export const confirmEmailInputSchema = z.object({ token: emailTokenSchema });

export const emailOnlyInputSchema = z.object({ email: emailSchema });

export const resetPasswordInputSchema = z.object({ token: emailTokenSchema, password: passwordSchema });

export const resetPasswordFormSchema = resetPasswordInputSchema
  .extend({ confirmPassword: text('Password confirmation') })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });

export const changePasswordInputSchema = z.object({
  currentPassword: text('Current password').min(1, 'Current password is required').max(128, PASSWORD_LENGTH_MESSAGE),
  newPassword: passwordSchema,
  /** The two-factor code (or a recovery code); required when the account has 2FA on. */
  otp: z.string().max(32).optional(),
});

export const revokeSessionInputSchema = z.object({
  id: z.uuid({ error: 'Invalid session id' }),
  /** Needed to revoke another session when the account has 2FA on. */
  otp: z.string().max(32).optional(),
});

export const roleSchema = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });

export const twoFactorConfirmInputSchema = z.object({ code: twoFactorCodeSchema });

export const twoFactorDisableInputSchema = z.object({
  password: text('Password').min(1, 'Password is required').max(128, PASSWORD_LENGTH_MESSAGE),
  code: twoFactorCodeSchema,
});
