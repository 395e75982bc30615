import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { openAuthModal } from './auth-modal-store';
import { authApi } from './auth-api';
import { AuthCard } from './AuthCard';
import { NewPasswordFields, newPasswordRules } from './NewPasswordFields';
import { useAuthRequest } from './use-auth-request';
import { FormFailure } from '../../components/FormFailure';

export function ResetPasswordPage({ token }: { token: string }) {
  const { state, run } = useAuthRequest((password: string) => authApi.resetPassword(token, password));
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: newPasswordRules,
  });
  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Alert color="red" role="alert">
          This reset link is incomplete. Please use the link from your e-mail or request a new one.
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset password" description="Choose a new password for your account.">
      {state.status === 'done' ? (
        <Stack>
          <Alert color="green" role="status">
            Your password has been changed.
          </Alert>
          <Button onClick={() => openAuthModal('login')}>GO TO LOGIN</Button>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((values) => run(values.password))} noValidate>
          <Stack gap="sm">
            <NewPasswordFields form={form} passwordLabel="New password" />
            <FormFailure message={state.status === 'failed' ? state.message : null} />
            <Button type="submit" loading={state.status === 'pending'}>
              Set new password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
