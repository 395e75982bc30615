import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { CasinoCategoryPage } from '../../features/casino/CasinoCategoryPage';

export const Route = createFileRoute('/casino/blackjack')({
  head: pageHead('Blackjack'),
  component: () => <CasinoCategoryPage path="/casino/blackjack" />,
});
