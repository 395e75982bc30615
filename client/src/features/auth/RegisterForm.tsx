import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DEFAULT_CURRENCY } from '../../constants';
import { toApiError } from '../../lib/api-error';
import { REGISTER_SUCCESS, registerFailureMessage, type FeedbackMessage } from './auth-messages';
import { termsAccepted, validEmail, validLoginName, validPublicUsername } from './auth-validation';
import { NewPasswordFields, newPasswordRules } from './NewPasswordFields';
import { forgetReferralCode, malformedReferralCode, readReferralCode } from './referral-registration';
import { registerAccount } from './session-actions';

interface RegisterValues {
  email: string;
  loginName: string;
  publicUsername: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [referralCode] = useState(readReferralCode);
  const [rejectedCode] = useState(malformedReferralCode);
  const [failure, setFailure] = useState<FeedbackMessage | null>(null);
  const form = useForm<RegisterValues>({
    mode: 'uncontrolled',
    initialValues: {
      email: '',
      loginName: '',
      publicUsername: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
    validate: {
      email: validEmail,
      loginName: validLoginName,
      publicUsername: validPublicUsername,
      ...newPasswordRules,
      acceptTerms: termsAccepted,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await registerAccount({
        email: values.email.trim(),
        loginName: values.loginName,
        publicUsername: values.publicUsername || values.loginName,
        password: values.password,
        currency: DEFAULT_CURRENCY,
        ref: readReferralCode(),
      });
      forgetReferralCode();
      notifications.show({ color: 'green', message: REGISTER_SUCCESS });
      onRegistered(values.email.trim());
    } catch (error) {
      setFailure(registerFailureMessage(toApiError(error)));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Register">
      <Stack gap="sm">
        {rejectedCode ? (
          <Alert color="red" data-testid="referral-invalid">
            “{rejectedCode}” is not a valid referral code (3 to 20 letters and digits). Check the link you were given;
            you can register without one.
          </Alert>
        ) : referralCode ? (
          <Text size="sm" c="teal" data-testid="referral-applied">
            Referral code <b>{referralCode}</b> applied.
          </Text>
        ) : null}
        <TextInput
          type="email"
          label="Email"
          autoComplete="email"
          withAsterisk
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Username"
          description="3-10 letters and numbers; used to log in"
          autoComplete="username"
          withAsterisk
          key={form.key('loginName')}
          {...form.getInputProps('loginName')}
        />
        <TextInput
          label="Display name"
          description="Optional; 3-10 letters and numbers, shown in chat. Defaults to your username."
          autoComplete="nickname"
          key={form.key('publicUsername')}
          {...form.getInputProps('publicUsername')}
        />
        <NewPasswordFields form={form} passwordLabel="Password" />
        <Checkbox
          label={
            <>
              I accept the{' '}
              <Anchor component={Link} to="/terms-and-conditions" target="_blank" inherit>
                Terms &amp; Conditions
              </Anchor>
            </>
          }
          key={form.key('acceptTerms')}
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        />
        {failure ? (
          <Alert color={failure.tone === 'warning' ? 'yellow' : 'red'} role="alert">
            {failure.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={form.submitting} fullWidth mt="xs">
          REGISTER
        </Button>
      </Stack>
    </form>
  );
}
