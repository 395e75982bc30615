import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toApiError, type ApiError } from '../../lib/api-error';
import { closeAuthModal } from './auth-modal-store';
import { LOGIN_SUCCESS, loginFailureMessage, type FeedbackMessage } from './auth-messages';
import { required } from './auth-validation';
import { signIn } from './session-actions';

/** The server marks a correct password on an unverified account (403) with this code. */
function isUnverified(error: ApiError): boolean {
  const details = error.details as { domainCode?: unknown } | undefined;
  return details?.domainCode === 'EMAIL_NOT_VERIFIED';
}

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [failure, setFailure] = useState<(FeedbackMessage & { unverified: boolean }) | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { loginName: '', password: '' },
    validate: { loginName: required, password: required },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn({ loginName: values.loginName.trim(), password: values.password });
      notifications.show({ color: 'green', message: LOGIN_SUCCESS });
      onSuccess();
    } catch (error) {
      const apiError = toApiError(error);
      setFailure({ ...loginFailureMessage(apiError), unverified: isUnverified(apiError) });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <Stack gap="sm">
        <TextInput
          label="Username or email"
          autoComplete="username"
          withAsterisk
          data-autofocus
          key={form.key('loginName')}
          {...form.getInputProps('loginName')}
        />
        <PasswordInput label="Password" autoComplete="current-password" withAsterisk key={form.key('password')} {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-4}>
          <Anchor component={Link} to="/forgot-password" size="sm" onClick={closeAuthModal}>
            Forgot password?
          </Anchor>
        </Group>
        {failure ? (
          <Alert color={failure.tone === 'warning' ? 'yellow' : 'red'} role="alert">
            {failure.message}
            {failure.unverified ? (
              <>
                {' '}
                <Anchor component={Link} to="/resend-verification" onClick={closeAuthModal} inherit>
                  Send a new verification link
                </Anchor>
              </>
            ) : null}
          </Alert>
        ) : null}
        <Button type="submit" loading={form.submitting} fullWidth mt="xs">
          LOGIN
        </Button>
      </Stack>
    </form>
  );
}
