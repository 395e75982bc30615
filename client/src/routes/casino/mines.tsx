import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { MinesGame } from '../../features/originals/MinesGame';

export const Route = createFileRoute('/casino/mines')({
  head: pageHead('Mines'),
  component: () => <MinesGame />,
});
