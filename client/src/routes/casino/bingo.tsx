import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { CasinoCategoryPage } from '../../features/casino/CasinoCategoryPage';

export const Route = createFileRoute('/casino/bingo')({
  head: pageHead('Bingo'),
  component: () => <CasinoCategoryPage path="/casino/bingo" />,
});
