import { openAuthModal } from './auth-modal-store';
import { AuthCard } from './AuthCard';
import { EmailVerificationRequired } from './EmailVerificationRequired';

/** /email-verification: the registration confirmation as a page of its own. */
export function EmailVerificationPage() {
  return (
    <AuthCard title="Check your inbox">
      <EmailVerificationRequired onGoToLogin={() => openAuthModal('login')} />
    </AuthCard>
  );
}
