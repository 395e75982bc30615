import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { InfoPage } from '../features/info/InfoPage';

export const Route = createFileRoute('/responsible-gaming')({
  head: pageHead('Responsible Gaming'),
  component: () => <InfoPage slug="responsible-gaming" />,
});
