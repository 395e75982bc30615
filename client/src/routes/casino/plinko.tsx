import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { PlinkoGame } from '../../features/originals/PlinkoGame';

export const Route = createFileRoute('/casino/plinko')({
  head: pageHead('Plinko'),
  component: () => <PlinkoGame />,
});
