import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { validEmail } from './auth-validation';
import { useAuthRequest } from './use-auth-request';
import { AuthCard } from './AuthCard';
import { FormFailure } from '../../components/FormFailure';

interface EmailRequestPageProps {
  title: string;
  description: string;
  submitLabel: string;
  /** Deliberately vague: the server never reveals whether an address is registered. */
  doneMessage: string;
  send: (email: string) => Promise<void>;
}

/** One e-mail field and a submit: the forgot-password and resend-verification pages. */
export function EmailRequestPage({ title, description, submitLabel, doneMessage, send }: EmailRequestPageProps) {
  const { state, run } = useAuthRequest(send);
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' }, validate: { email: validEmail } });
  return (
    <AuthCard title={title} description={description}>
      <form onSubmit={form.onSubmit((values) => run(values.email.trim()))} noValidate>
        <Stack gap="sm">
          <TextInput
            type="email"
            label="Email"
            autoComplete="email"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          {state.status === 'done' ? (
            <Alert color="green" role="status">
              {doneMessage}
            </Alert>
          ) : null}
          <FormFailure message={state.status === 'failed' ? state.message : null} />
          <Button type="submit" loading={state.status === 'pending'}>
            {submitLabel}
          </Button>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Back to the casino
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
