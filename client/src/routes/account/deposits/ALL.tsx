import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { DepositsPage } from '../../../features/wallet/DepositsPage';

export const Route = createFileRoute('/account/deposits/ALL')({
  head: pageHead('Deposits'),
  component: () => <DepositsPage status="ALL" />,
});
