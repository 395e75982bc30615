import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { ProvablyFairPage } from '../features/fairness/ProvablyFairPage';
import { parseVerifySearch } from '../features/fairness/verify-search';

export const Route = createFileRoute('/provably-fair')({
  validateSearch: parseVerifySearch,
  head: pageHead('Provably fair'),
  component: function ProvablyFairRoute() {
    return <ProvablyFairPage search={Route.useSearch()} />;
  },
});
