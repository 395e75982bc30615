import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { TokenSectionPage } from '../../features/token/TokenSectionPage';

export const Route = createFileRoute('/token/trade')({
  head: pageHead('BZU Trade'),
  component: () => <TokenSectionPage section="trade" />,
});
