import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { CasinoHomePage } from '../features/casino/CasinoHomePage';
import { prefetchTokenLatest } from '../features/token/use-token-latest';

export const Route = createFileRoute('/')({
  head: pageHead('Casino'),
  // Not awaited: the sidebar's token card reads it (spec: the price is prefetched on /).
  loader: () => prefetchTokenLatest(),
  component: () => <CasinoHomePage />,
});
