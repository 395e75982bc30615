import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { WithdrawalsPage } from '../../../features/wallet/WithdrawalsPage';
import { WITHDRAWAL_STATUSES, parseStatus } from '../../../features/wallet/wallet-statuses';
import { pageSearch } from '../../../lib/paging';

export const Route = createFileRoute('/account/withdrawals/$status')({
  // ?page=N: the list's page survives a reload and can be linked.
  validateSearch: pageSearch,
  head: pageHead('Withdrawals'),
  // An unknown status in the path goes to ALL.
  beforeLoad: ({ params }) => {
    if (!parseStatus(params.status, WITHDRAWAL_STATUSES))
      throw redirect({ to: '/account/withdrawals/$status', params: { status: 'ALL' }, replace: true });
  },
  component: function WithdrawalsByStatus() {
    const { status } = Route.useParams();
    return <WithdrawalsPage status={parseStatus(status, WITHDRAWAL_STATUSES) ?? 'ALL'} />;
  },
});
