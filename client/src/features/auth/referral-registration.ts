import { REFERRAL_CODE_PATTERN } from '../../../../server/src/domain/auth/referral-code.schemas';
import { REFERRAL_STORAGE_KEY } from './referral-code';

/**
 * The remembered referral code as registration uses it: the code to send (only a well-formed one), the
 * code to call invalid (a link brought something that cannot be a code), and forgetting it once registered.
 */
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

/** What a referral link brought when it cannot be a code (readReferralCode ignores it), to say so. */
export function malformedReferralCode(): string | null {
  try {
    const stored = localStorage.getItem(REFERRAL_STORAGE_KEY);
    return stored && !REFERRAL_CODE_PATTERN.test(stored) ? stored : null;
  } catch {
    return null;
  }
}
