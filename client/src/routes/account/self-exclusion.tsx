import { createFileRoute, redirect } from '@tanstack/react-router';

// The page's heading says "Self-exclusion", so that is the address players guess; the page lives at /account/exclusion.
export const Route = createFileRoute('/account/self-exclusion')({
  beforeLoad: () => {
    throw redirect({ to: '/account/exclusion', replace: true });
  },
});
