import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { AccountSectionPage } from '../../features/account/AccountSectionPage';

export const Route = createFileRoute('/account/settings')({
  head: pageHead('Settings'),
  component: () => <AccountSectionPage section="settings" />,
});
