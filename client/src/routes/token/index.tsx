import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { TokenDashboardPage } from '../../features/token/TokenDashboardPage';

export const Route = createFileRoute('/token/')({
  head: pageHead('BZU Token'),
  component: () => <TokenDashboardPage />,
});
