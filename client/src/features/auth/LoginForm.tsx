import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorCode, toApiError } from '../../lib/api-error';
import { TwoFactorCodeInput } from '../account/TwoFactorCodeInput';
import { closeAuthModal } from './auth-modal-store';
import { LOGIN_SUCCESS, loginFailureMessage, type FeedbackMessage } from './auth-messages';
import { required } from './auth-validation';
import { signIn } from './session-actions';

/** Refusals of the second step: the password was right, so the form stays on the code. */
const SECOND_STEP_CODES = new Set(['TWO_FACTOR_REQUIRED', 'INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_CODE_USED']);

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [failure, setFailure] = useState<(FeedbackMessage & { unverified: boolean }) | null>(null);
  // With 2FA on, the server answers a right password with TWO_FACTOR_REQUIRED: the form then asks for the code.
  const [secondStep, setSecondStep] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { loginName: '', password: '', twoFactorCode: '' },
    validate: {
      loginName: required,
      password: required,
      twoFactorCode: (value) => (secondStep ? required(value) : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn({
        loginName: values.loginName.trim(),
        password: values.password,
        twoFactorCode: secondStep ? values.twoFactorCode.trim() : undefined,
      });
      notifications.show({ color: 'green', message: LOGIN_SUCCESS });
      onSuccess();
    } catch (error) {
      const apiError = toApiError(error);
      const code = errorCode(apiError);
      if (code === 'TWO_FACTOR_REQUIRED' && !secondStep) {
        setSecondStep(true);
        return;
      }
      if (secondStep && !SECOND_STEP_CODES.has(String(code))) setSecondStep(false);
      form.setFieldValue('twoFactorCode', '');
      setFailure({ ...loginFailureMessage(apiError), unverified: code === 'EMAIL_NOT_VERIFIED' });
    }
  });

  const back = () => {
    setSecondStep(false);
    setFailure(null);
    form.setFieldValue('twoFactorCode', '');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <Stack gap="sm">
        {secondStep ? (
          <>
            <Text size="sm">
              Two-factor authentication is on for this account. Enter the code from your authenticator app to log in.
            </Text>
            <TwoFactorCodeInput
              withAsterisk
              data-autofocus
              autoFocus
              key={form.key('twoFactorCode')}
              {...form.getInputProps('twoFactorCode')}
            />
          </>
        ) : null}
        <TextInput
          display={secondStep ? 'none' : undefined}
          label="Username or email"
          autoComplete="username"
          withAsterisk
          data-autofocus
          key={form.key('loginName')}
          {...form.getInputProps('loginName')}
        />
        <PasswordInput
          display={secondStep ? 'none' : undefined}
          label="Password"
          autoComplete="current-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-4}>
          {secondStep ? (
            <Anchor component="button" type="button" size="sm" onClick={back}>
              Use another account
            </Anchor>
          ) : (
            <Anchor component={Link} to="/forgot-password" size="sm" onClick={closeAuthModal}>
              Forgot password?
            </Anchor>
          )}
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
          {secondStep ? 'VERIFY' : 'LOGIN'}
        </Button>
      </Stack>
    </form>
  );
}
