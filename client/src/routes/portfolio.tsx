import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { IconBriefcase } from '@tabler/icons-react';
import { ComingSoonPage } from '../features/mobile/ComingSoonPage';

export const Route = createFileRoute('/portfolio')({
  head: pageHead('Portfolio'),
  component: () => (
    <ComingSoonPage
      title="Portfolio"
      icon={IconBriefcase}
      description="Follow your balances and positions in one place. We are building it."
    />
  ),
});
