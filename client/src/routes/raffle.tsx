import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { RafflePage } from '../features/raffle/RafflePage';

export const Route = createFileRoute('/raffle')({
  head: pageHead('Raffle'),
  component: () => <RafflePage />,
});
