import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { CasinoCategoryPage } from '../../features/casino/CasinoCategoryPage';

export const Route = createFileRoute('/casino/live')({
  head: pageHead('Live Casino'),
  component: () => <CasinoCategoryPage path="/casino/live" />,
});
