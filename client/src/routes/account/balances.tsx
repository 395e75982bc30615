import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { BalancesPage } from '../../features/account/BalancesPage';

export const Route = createFileRoute('/account/balances')({
  head: pageHead('Balances'),
  component: () => <BalancesPage />,
});
