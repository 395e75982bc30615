import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { SportsLayout } from '../features/sports/SportsLayout';

export const Route = createFileRoute('/sports')({
  head: pageHead('Sports'),
  component: () => <SportsLayout />,
});
