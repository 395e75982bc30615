import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { InfoPage } from '../features/info/InfoPage';

export const Route = createFileRoute('/terms-and-conditions')({
  head: pageHead('Terms and Conditions'),
  component: () => <InfoPage slug="terms-and-conditions" />,
});
