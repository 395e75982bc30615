import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { HoldingsPage } from '../../features/token/HoldingsPage';

export const Route = createFileRoute('/token/holdings')({
  head: pageHead('BZU Holdings'),
  component: HoldingsPage,
});
