import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { TokenSectionPage } from '../../features/token/TokenSectionPage';

export const Route = createFileRoute('/token/holdings')({
  head: pageHead('BZU Holdings'),
  component: () => <TokenSectionPage section="holdings" />,
});
