import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { TokenDashboardPage } from '../../features/token/TokenDashboardPage';
import { prefetchTokenLatest } from '../../features/token/use-token-latest';

export const Route = createFileRoute('/token/')({
  head: pageHead('BZU Token'),
  // Not awaited: the page renders at once and the price fills in (spec: prefetched on /token).
  loader: () => prefetchTokenLatest(),
  component: () => <TokenDashboardPage />,
});
