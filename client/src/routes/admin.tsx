import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { AdminPage } from '../features/admin/AdminPage';

export const Route = createFileRoute('/admin')({
  head: pageHead('Admin'),
  component: () => <AdminPage />,
});
