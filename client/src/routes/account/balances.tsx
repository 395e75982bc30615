import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { WalletBalancesPage } from '../../features/wallet/WalletBalancesPage';

export const Route = createFileRoute('/account/balances')({
  head: pageHead('Balances'),
  component: () => <WalletBalancesPage />,
});
