import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { ExclusionPage } from '../../features/wallet/ExclusionPage';

export const Route = createFileRoute('/account/exclusion')({
  head: pageHead('Self-exclusion'),
  component: () => <ExclusionPage />,
});
