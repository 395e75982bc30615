import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { CasinoCategoryPage } from '../../features/casino/CasinoCategoryPage';

export const Route = createFileRoute('/casino/slots')({
  head: pageHead('Slots'),
  component: () => <CasinoCategoryPage path="/casino/slots" />,
});
