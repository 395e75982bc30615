import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { ProfilePage } from '../../features/account/ProfilePage';

export const Route = createFileRoute('/account/')({
  head: pageHead('Profile'),
  component: () => <ProfilePage />,
});
