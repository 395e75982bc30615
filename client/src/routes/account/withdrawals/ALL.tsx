import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { WithdrawalsPage } from '../../../features/wallet/WithdrawalsPage';
import { pageSearch } from '../../../lib/paging';

export const Route = createFileRoute('/account/withdrawals/ALL')({
  // ?page=N: the list's page survives a reload and can be linked.
  validateSearch: pageSearch,
  head: pageHead('Withdrawals'),
  component: () => <WithdrawalsPage status="ALL" />,
});
