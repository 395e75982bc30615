import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { KenoGame } from '../../features/originals/KenoGame';

export const Route = createFileRoute('/casino/keno')({
  head: pageHead('Keno'),
  component: () => <KenoGame />,
});
