import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { SportsPage } from '../features/sports/SportsPage';

export const Route = createFileRoute('/sports')({
  head: pageHead('Sports'),
  component: () => <SportsPage />,
});
