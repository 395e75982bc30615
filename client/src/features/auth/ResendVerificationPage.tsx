import { authApi } from './auth-api';
import { EmailRequestPage } from './EmailRequestPage';

export function ResendVerificationPage() {
  return (
    <EmailRequestPage
      title="Resend verification"
      description="Enter your e-mail address and we will send a new verification link."
      submitLabel="Resend verification email"
      doneMessage="If that address needs verifying, a new link is on its way."
      send={authApi.resendVerification}
    />
  );
}
