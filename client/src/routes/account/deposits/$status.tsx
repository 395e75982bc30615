import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { DepositsPage } from '../../../features/wallet/DepositsPage';
import { DEPOSIT_STATUSES, parseStatus } from '../../../features/wallet/wallet-statuses';
import { pageSearch } from '../../../lib/paging';

export const Route = createFileRoute('/account/deposits/$status')({
  // ?page=N: the list's page survives a reload and can be linked.
  validateSearch: pageSearch,
  head: pageHead('Deposits'),
  // An unknown status in the path goes to ALL.
  beforeLoad: ({ params }) => {
    if (!parseStatus(params.status, DEPOSIT_STATUSES))
      throw redirect({ to: '/account/deposits/$status', params: { status: 'ALL' }, replace: true });
  },
  component: function DepositsByStatus() {
    const { status } = Route.useParams();
    return <DepositsPage status={parseStatus(status, DEPOSIT_STATUSES) ?? 'ALL'} />;
  },
});
