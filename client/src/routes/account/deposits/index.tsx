import { createFileRoute, redirect } from '@tanstack/react-router';

// A typed or remembered /account/deposits lands on the list (all statuses), not on the casino's not-found fallback.
export const Route = createFileRoute('/account/deposits/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/deposits/ALL', replace: true });
  },
});
