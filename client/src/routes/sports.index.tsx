import { createFileRoute } from '@tanstack/react-router';
import { SportsPage } from '../features/sports/SportsPage';

export const Route = createFileRoute('/sports/')({
  component: () => <SportsPage />,
});
