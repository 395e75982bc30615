import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { DepositsPage } from '../../../features/wallet/DepositsPage';
import { DEPOSIT_STATUSES, parseStatus } from '../../../features/wallet/paging';

export const Route = createFileRoute('/account/deposits/$status')({
  head: pageHead('Deposits'),
  // An unknown status in the path goes to ALL.
  beforeLoad: ({ params }) => {
    if (!parseStatus(params.status, DEPOSIT_STATUSES)) throw redirect({ to: '/account/deposits/$status', params: { status: 'ALL' }, replace: true });
  },
  component: function DepositsByStatus() {
    const { status } = Route.useParams();
    return <DepositsPage status={parseStatus(status, DEPOSIT_STATUSES) ?? 'ALL'} />;
  },
});
