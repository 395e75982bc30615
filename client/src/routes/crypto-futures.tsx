import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { IconChartLine } from '@tabler/icons-react';
import { ComingSoonPage } from '../features/mobile/ComingSoonPage';

export const Route = createFileRoute('/crypto-futures')({
  head: pageHead('Crypto Futures'),
  component: () => (
    <ComingSoonPage
      title="Crypto Futures"
      icon={IconChartLine}
      description="Trade crypto futures from your phone. We are building it."
    />
  ),
});
