import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  List,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { toApiError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { required } from '../auth/auth-validation';
import { FormFailure } from '../../components/FormFailure';
import { formatDate } from '../../lib/datetime';

interface Setup {
  secret: string;
  qrCode: string;
}

const codeRequired = (value: string) => (value.trim() ? null : 'Enter the code from your authenticator app');

/**
 * The "Two-factor authentication" card of /account/settings: turn TOTP on (QR code + setup key,
 * confirm with a code, recovery codes shown once), see whether it is on, turn it off.
 */
export function TwoFactorCard() {
  const status = trpc.auth.twoFactor.status.useQuery(undefined, { staleTime: 0 });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (setup) {
    body = (
      <SetupStep
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else if (status.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Loading two-factor status…</Text>
      </Group>
    );
  } else if (status.isError) {
    body = (
      <Alert color="red" role="alert">
        {toApiError(status.error).message}
      </Alert>
    );
  } else if (status.data.enabled) {
    body = <EnabledState enabledAt={status.data.enabledAt} recoveryCodesLeft={status.data.recoveryCodesLeft} />;
  } else {
    body = <StartSetup onStarted={setSetup} />;
  }

  // Showing the recovery codes means it has just been turned on, whatever the status query still holds.
  const enabled = recoveryCodes !== null || (status.data?.enabled === true && !setup);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="two-factor-title"
      data-testid="two-factor-card"
    >
      <Stack gap="sm" maw={520}>
        <Group gap="sm">
          <Title order={2} size="h4" id="two-factor-title">
            Two-factor authentication
          </Title>
          {status.data ? (
            <Badge color={enabled ? 'green' : 'gray'} variant="light" data-testid="two-factor-status">
              {enabled ? 'On' : 'Off'}
            </Badge>
          ) : null}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}

function StartSetup({ onStarted }: { onStarted: (setup: Setup) => void }) {
  const begin = trpc.auth.twoFactor.begin.useMutation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Protect withdrawals with a code from an authenticator app (Google Authenticator, Authy, 1Password, …). Once it
        is on, every withdrawal asks for a code.
      </Text>
      {begin.error ? (
        <Alert color="red" role="alert">
          {toApiError(begin.error).message}
        </Alert>
      ) : null}
      <Group>
        <Button
          loading={begin.isPending}
          onClick={() => begin.mutate(undefined, { onSuccess: ({ secret, qrCode }) => onStarted({ secret, qrCode }) })}
        >
          Set up two-factor authentication
        </Button>
      </Group>
    </Stack>
  );
}

function SetupStep({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: Setup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const utils = trpc.useUtils();
  const confirm = trpc.auth.twoFactor.confirm.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ mode: 'uncontrolled', initialValues: { code: '' }, validate: { code: codeRequired } });
  const submit = form.onSubmit(async ({ code }) => {
    setFailure(null);
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code: code.trim() });
      void utils.auth.twoFactor.status.invalidate();
      onEnabled(recoveryCodes);
    } catch (error) {
      setFailure(toApiError(error).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Confirm two-factor setup">
      <Stack gap="sm">
        <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
        <Image
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          w={200}
          h={200}
          radius="sm"
          bg="white"
          data-testid="two-factor-qr"
        />
        <Text size="sm">
          Can't scan it? Enter this setup key instead:{' '}
          <Code fz="sm" data-testid="two-factor-secret" style={{ userSelect: 'all', wordBreak: 'break-all' }}>
            {setup.secret}
          </Code>
        </Text>
        <TextInput
          label="2. Enter the 6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
          data-autofocus
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <FormFailure message={failure} />
        <Group>
          <Button type="submit" loading={form.submitting}>
            Turn on two-factor authentication
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="green" role="status" title="Two-factor authentication is on">
        Save these recovery codes somewhere safe. Each one works once, in place of a code from your app, if you lose
        your phone. They are shown only now.
      </Alert>
      <List spacing={4} listStyleType="none" ff="monospace" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <Button
          variant="light"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(
              () => notifications.show({ color: 'green', message: 'Recovery codes copied' }),
              () => notifications.show({ color: 'red', message: 'Could not copy; please write them down' }),
            );
          }}
        >
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </Group>
    </Stack>
  );
}

function EnabledState({ enabledAt, recoveryCodesLeft }: { enabledAt: string | null; recoveryCodesLeft: number }) {
  const utils = trpc.useUtils();
  const disable = trpc.auth.twoFactor.disable.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', code: '' },
    validate: { password: required, code: codeRequired },
  });
  const submit = form.onSubmit(async ({ password, code }) => {
    setFailure(null);
    try {
      const { message } = await disable.mutateAsync({ password, code: code.trim() });
      notifications.show({ color: 'green', message });
      form.reset();
      await utils.auth.twoFactor.status.invalidate();
    } catch (error) {
      setFailure(toApiError(error).message);
    }
  });
  return (
    <Stack gap="sm">
      <Text size="sm">
        Withdrawals ask for a code from your authenticator app
        {enabledAt ? ` (on since ${formatDate(enabledAt)})` : ''}. Recovery codes left:{' '}
        <strong data-testid="recovery-codes-left">{recoveryCodesLeft}</strong>
      </Text>
      <form onSubmit={submit} noValidate aria-labelledby="two-factor-disable-title">
        <Stack gap="sm" maw={420}>
          <Title order={3} size="h5" id="two-factor-disable-title">
            Turn off two-factor authentication
          </Title>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Authentication code"
            description="The 6-digit code from your app, or a recovery code."
            autoComplete="one-time-code"
            withAsterisk
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <FormFailure message={failure} />
          <Group>
            <Button type="submit" color="red" variant="light" loading={form.submitting}>
              Turn off two-factor authentication
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
