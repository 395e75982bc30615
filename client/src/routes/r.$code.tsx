import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { ReferralLinkPage } from '../features/auth/ReferralLinkPage';

/** A referral link: a guest lands on registration with the code applied; a malformed code is said to be invalid. */
export const Route = createFileRoute('/r/$code')({
  head: pageHead('Referral link'),
  component: ReferralLinkRoute,
});

function ReferralLinkRoute() {
  const { code } = Route.useParams();
  return <ReferralLinkPage code={code} />;
}
