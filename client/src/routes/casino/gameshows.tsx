import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { CasinoCategoryPage } from '../../features/casino/CasinoCategoryPage';

export const Route = createFileRoute('/casino/gameshows')({
  head: pageHead('Game Shows'),
  component: () => <CasinoCategoryPage path="/casino/gameshows" />,
});
