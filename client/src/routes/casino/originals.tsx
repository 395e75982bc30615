import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { CasinoCategoryPage } from '../../features/casino/CasinoCategoryPage';

export const Route = createFileRoute('/casino/originals')({
  head: pageHead('Originals'),
  component: () => <CasinoCategoryPage path="/casino/originals" />,
});
