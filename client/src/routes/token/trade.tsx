import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { TradePage } from '../../features/token/TradePage';

export const Route = createFileRoute('/token/trade')({
  head: pageHead('BZU Trade'),
  component: TradePage,
});
