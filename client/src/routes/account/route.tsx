import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { AccountLayout } from '../../features/account/AccountLayout';

export const Route = createFileRoute('/account')({
  head: pageHead('Account'),
  component: AccountLayout,
});
