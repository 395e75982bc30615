import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { EmailVerificationPage } from '../features/auth/EmailVerificationPage';

export const Route = createFileRoute('/email-verification')({
  head: pageHead('Email Verification'),
  component: () => <EmailVerificationPage />,
});
