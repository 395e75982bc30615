import { REFERRAL_CODE_PATTERN } from '../../../../server/src/domain/auth/referral-code.schemas';
/**
 * The referral code a visitor arrived with (a `?ref=CODE` link or `/r/CODE`), kept in
 * localStorage until they register; auth.register sends it and the server attributes the sign-up.
 */
export const REFERRAL_STORAGE_KEY = 'bzu.referralCode';

export function rememberReferralCode(code: string | null | undefined): void {
  const trimmed = code?.trim();
  if (!trimmed || !REFERRAL_CODE_PATTERN.test(trimmed)) return;
  try {
    localStorage.setItem(REFERRAL_STORAGE_KEY, trimmed);
  } catch {
    // Storage off (private mode): the code is simply not remembered.
  }
}

export function readReferralCode(): string | undefined {
  try {
    const code = localStorage.getItem(REFERRAL_STORAGE_KEY);
    return code && REFERRAL_CODE_PATTERN.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

export function forgetReferralCode(): void {
  try {
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    // nothing to forget
  }
}

/** At start-up: remembers `?ref=CODE` from the address the visitor landed on. */
export function captureReferralFromUrl(search: string = window.location.search): void {
  rememberReferralCode(new URLSearchParams(search).get('ref'));
}
