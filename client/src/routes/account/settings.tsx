import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { SettingsPage } from '../../features/account/SettingsPage';

export const Route = createFileRoute('/account/settings')({
  head: pageHead('Settings'),
  component: SettingsPage,
});
