import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { AccountSectionPage } from '../../../features/account/AccountSectionPage';

export const Route = createFileRoute('/account/referrals/codes')({
  head: pageHead('Referral Codes'),
  component: () => <AccountSectionPage section="referrals" />,
});
