import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { AccountSectionPage } from '../../../features/account/AccountSectionPage';

export const Route = createFileRoute('/account/withdrawals/ALL')({
  head: pageHead('Withdrawals'),
  component: () => <AccountSectionPage section="withdrawals" />,
});
