import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { MenuPage } from '../features/mobile/MenuPage';

export const Route = createFileRoute('/menu')({
  head: pageHead('Menu'),
  component: () => <MenuPage />,
});
