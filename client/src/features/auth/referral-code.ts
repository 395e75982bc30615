/**
 * The referral code a visitor arrived with (a `?ref=CODE` link or `/r/CODE`), kept in
 * localStorage until they register; auth.register sends it and the server attributes the sign-up.
 * Only the remembering is here (it runs in the first screen); reading it back is registration's
 * (referral-registration.ts).
 */
export const REFERRAL_STORAGE_KEY = 'bzu.referralCode';

/** Kept even when malformed: registration then says the link's code is not valid (and sends none). */
export function rememberReferralCode(code: string | null | undefined): void {
  const trimmed = code?.trim();
  if (!trimmed) return;
  try {
    localStorage.setItem(REFERRAL_STORAGE_KEY, trimmed);
  } catch {
    // Storage off (private mode): the code is simply not remembered.
  }
}

/** At start-up: remembers `?ref=CODE` from the address the visitor landed on. */
export function captureReferralFromUrl(search: string = window.location.search): void {
  rememberReferralCode(new URLSearchParams(search).get('ref'));
}
