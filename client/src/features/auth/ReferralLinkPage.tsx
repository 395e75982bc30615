import { Alert, Button, Group } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { REFERRAL_CODE_PATTERN } from '../../../../server/src/domain/auth/referral-code.schemas';
import { PageHeader } from '../../components/PageHeader';
import { openAuthModal } from './auth-modal-store';
import { rememberReferralCode } from './referral-code';
import { useSession } from './session-store';

/**
 * /r/CODE: the code is remembered for registration and a guest goes straight to the registration form (on
 * the home page) with it applied; a signed-in player just goes home. A code that cannot be a referral code
 * stays on this page and says so, rather than vanishing.
 */
export function ReferralLinkPage({ code }: { code: string }) {
  const navigate = useNavigate();
  const { isSignedIn } = useSession();
  const valid = REFERRAL_CODE_PATTERN.test(code.trim());
  useEffect(() => {
    if (!valid) return;
    rememberReferralCode(code);
    if (!isSignedIn) openAuthModal('register');
    void navigate({ to: '/', replace: true });
  }, [code, valid, isSignedIn, navigate]);
  if (valid) return null;
  return (
    <>
      <PageHeader title="Referral link" />
      <Alert color="red" role="alert" data-testid="referral-invalid" maw={560}>
        “{code}” is not a valid referral code: a code is 3 to 20 letters and digits. Check the link you were given; you can still register without one.
      </Alert>
      {isSignedIn ? null : (
        <Group mt="md">
          <Button onClick={() => openAuthModal('register')}>Register</Button>
        </Group>
      )}
    </>
  );
}
