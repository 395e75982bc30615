import { createFileRoute, redirect } from '@tanstack/react-router';
import { rememberReferralCode } from '../features/auth/referral-code';

/** A referral link: remembers the code for registration, then goes to the home page. */
export const Route = createFileRoute('/r/$code')({
  beforeLoad: ({ params }) => {
    rememberReferralCode(params.code);
    throw redirect({ to: '/', replace: true });
  },
});
