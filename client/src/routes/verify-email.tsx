import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';
import { optionalText } from '../lib/search-params';

export const Route = createFileRoute('/verify-email')({
  validateSearch: optionalText('token'),
  head: pageHead('Verify Email'),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token ?? ''} />;
}
