import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { ResendVerificationPage } from '../features/auth/ResendVerificationPage';

export const Route = createFileRoute('/resend-verification')({
  head: pageHead('Resend Verification'),
  component: () => <ResendVerificationPage />,
});
