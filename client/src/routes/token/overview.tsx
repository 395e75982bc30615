import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { TokenOverviewPage } from '../../features/token/TokenDashboardPage';

export const Route = createFileRoute('/token/overview')({
  head: pageHead('BZU Overview'),
  component: () => <TokenOverviewPage />,
});
