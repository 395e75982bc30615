/**
 * The shape of a referral code, in a module of its own (no zod) so the web client's first-load
 * bundle can check `?ref=` links without pulling in the schema library.
 */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{3,20}$/;
