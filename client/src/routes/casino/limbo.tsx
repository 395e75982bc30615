import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { LimboGame } from '../../features/originals/LimboGame';

export const Route = createFileRoute('/casino/limbo')({
  head: pageHead('Limbo'),
  component: () => <LimboGame />,
});
