import { createFileRoute, redirect } from '@tanstack/react-router';

// /account/referrals has one page so far, the codes.
export const Route = createFileRoute('/account/referrals/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/referrals/codes', replace: true });
  },
});
