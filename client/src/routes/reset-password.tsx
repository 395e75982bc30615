import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { optionalText } from '../lib/search-params';

export const Route = createFileRoute('/reset-password')({
  validateSearch: optionalText('token'),
  head: pageHead('Reset Password'),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token ?? ''} />;
}
