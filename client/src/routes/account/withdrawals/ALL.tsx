import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { WithdrawalsPage } from '../../../features/wallet/WithdrawalsPage';

export const Route = createFileRoute('/account/withdrawals/ALL')({
  head: pageHead('Withdrawals'),
  component: () => <WithdrawalsPage status="ALL" />,
});
