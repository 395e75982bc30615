import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { CasinoHomePage } from '../features/casino/CasinoHomePage';

export const Route = createFileRoute('/')({
  head: pageHead('Casino'),
  component: () => <CasinoHomePage />,
});
