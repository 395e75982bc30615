import { createFileRoute, redirect } from '@tanstack/react-router';
import { openAuthModal } from '../features/auth/auth-modal-store';
import { rememberReferralCode } from '../features/auth/referral-code';
import { getSession } from '../features/auth/session-store';

/** A referral link: home with registration open for a guest, the code applied (or said to be invalid there). */
export const Route = createFileRoute('/r/$code')({
  beforeLoad: ({ params }) => {
    rememberReferralCode(params.code);
    if (!getSession().isSignedIn) openAuthModal('register');
    throw redirect({ to: '/', replace: true });
  },
});
