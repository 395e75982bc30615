import { createFileRoute, redirect } from '@tanstack/react-router';

// A typed or remembered /account/withdrawals lands on the list (all statuses), not on the casino's not-found fallback.
export const Route = createFileRoute('/account/withdrawals/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/withdrawals/ALL', replace: true });
  },
});
