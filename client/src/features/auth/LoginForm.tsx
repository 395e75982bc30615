import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { toApiError } from '../../lib/api-error';
import { LOGIN_SUCCESS, loginFailureMessage, type FeedbackMessage } from './auth-messages';
import { required } from './auth-validation';
import { signIn } from './session-actions';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [failure, setFailure] = useState<FeedbackMessage | null>(null);
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
      setFailure(loginFailureMessage(toApiError(error)));
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
        {failure ? (
          <Alert color={failure.tone === 'warning' ? 'yellow' : 'red'} role="alert">
            {failure.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={form.submitting} fullWidth mt="xs">
          LOGIN
        </Button>
      </Stack>
    </form>
  );
}
