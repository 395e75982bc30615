import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { TokenDashboardPage } from '../../features/token/TokenDashboardPage';
import { prefetchTokenLatest } from '../../features/token/use-token-latest';

export const Route = createFileRoute('/token/overview')({
  head: pageHead('BZU Overview'),
  loader: () => prefetchTokenLatest(),
  component: () => <TokenDashboardPage title="BZU Overview" />,
});
