import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { authApi } from './auth-api';
import { openAuthModal } from './auth-modal-store';
import { AuthCard } from './AuthCard';
import { useAuthRequest } from './use-auth-request';

/**
 * A link token is single-use, so the page must send it once even when its effect runs twice
 * (React's StrictMode in development, or the page mounting again): every run shares one call.
 */
const confirmations = new Map<string, Promise<void>>();

function confirmOnce(token: string): Promise<void> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = authApi.confirmEmail(token);
    confirmations.set(token, pending);
  }
  return pending;
}

/** The page the e-mail's link opens: it confirms the token once and says how it went. */
export function VerifyEmailPage({ token }: { token: string }) {
  const { state, run } = useAuthRequest(confirmOnce);
  useEffect(() => {
    if (token) void run(token);
    // Confirming is single-use: run once per token, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  let body;
  if (!token) {
    body = (
      <Alert color="red" role="alert">
        This verification link is incomplete. Please use the link from your e-mail.
      </Alert>
    );
  } else if (state.status === 'failed' && state.code === 'EMAIL_ALREADY_VERIFIED') {
    body = (
      <Stack>
        <Alert color="green" role="status" data-testid="already-verified">
          Your e-mail address is already verified. You can log in.
        </Alert>
        <Button onClick={() => openAuthModal('login')}>GO TO LOGIN</Button>
      </Stack>
    );
  } else if (state.status === 'done') {
    body = (
      <Stack>
        <Alert color="green" role="status">
          Your e-mail address is verified.
        </Alert>
        <Button onClick={() => openAuthModal('login')}>GO TO LOGIN</Button>
      </Stack>
    );
  } else if (state.status === 'failed') {
    body = (
      <Alert color="red" role="alert">
        {state.message}
      </Alert>
    );
  } else {
    body = (
      <Stack align="center" role="status">
        <Loader aria-hidden />
        <Text>Verifying your e-mail address…</Text>
      </Stack>
    );
  }
  return (
    <AuthCard title="Verify e-mail">
      {body}
      {/* A verified address needs no new link; offering one there only confuses. */}
      {state.status === 'done' || (state.status === 'failed' && state.code === 'EMAIL_ALREADY_VERIFIED') ? null : (
        <Anchor component={Link} to="/resend-verification" size="sm" ta="center">
          Send a new verification e-mail
        </Anchor>
      )}
    </AuthCard>
  );
}
