import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { InfoPage } from '../features/info/InfoPage';

export const Route = createFileRoute('/sports-policy')({
  head: pageHead('Sports Policy'),
  component: () => <InfoPage slug="sports-policy" />,
});
