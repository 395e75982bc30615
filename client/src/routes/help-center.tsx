import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { InfoPage } from '../features/info/InfoPage';

export const Route = createFileRoute('/help-center')({
  head: pageHead('Help Center'),
  component: () => <InfoPage slug="help-center" />,
});
