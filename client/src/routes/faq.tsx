import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { InfoPage } from '../features/info/InfoPage';

export const Route = createFileRoute('/faq')({
  head: pageHead('FAQ'),
  component: () => <InfoPage slug="faq" />,
});
