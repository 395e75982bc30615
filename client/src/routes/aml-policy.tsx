import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { InfoPage } from '../features/info/InfoPage';

export const Route = createFileRoute('/aml-policy')({
  head: pageHead('AML Policy'),
  component: () => <InfoPage slug="aml-policy" />,
});
