import { authApi } from './auth-api';
import { EmailRequestPage } from './EmailRequestPage';

export function ForgotPasswordPage() {
  return (
    <EmailRequestPage
      title="Forgot password"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      submitLabel="Send reset link"
      doneMessage="If an account uses that address, a reset link is on its way."
      send={authApi.requestPasswordReset}
    />
  );
}
