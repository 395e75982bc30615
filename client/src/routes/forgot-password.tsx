import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';

export const Route = createFileRoute('/forgot-password')({
  head: pageHead('Forgot Password'),
  component: () => <ForgotPasswordPage />,
});
