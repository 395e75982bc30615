import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { VipPage } from '../features/economy/VipPage';

export const Route = createFileRoute('/vip')({
  head: pageHead('VIP'),
  component: () => <VipPage />,
});
