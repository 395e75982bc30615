import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { InfoPage } from '../features/info/InfoPage';

export const Route = createFileRoute('/privacy-policy')({
  head: pageHead('Privacy Policy'),
  component: () => <InfoPage slug="privacy-policy" />,
});
