import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { PromotionsPage } from '../features/promotions/PromotionsPage';

export const Route = createFileRoute('/promotions')({
  head: pageHead('Promotions'),
  component: () => <PromotionsPage />,
});
