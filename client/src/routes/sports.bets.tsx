import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { MyBetsPage } from '../features/sports/MyBetsPage';

export const Route = createFileRoute('/sports/bets')({
  head: pageHead('My bets'),
  component: () => <MyBetsPage />,
});
