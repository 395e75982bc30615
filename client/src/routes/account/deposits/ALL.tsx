import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { DepositsPage } from '../../../features/wallet/DepositsPage';
import { pageSearch } from '../../../lib/paging';

export const Route = createFileRoute('/account/deposits/ALL')({
  // ?page=N: the list's page survives a reload and can be linked.
  validateSearch: pageSearch,
  head: pageHead('Deposits'),
  component: () => <DepositsPage status="ALL" />,
});
