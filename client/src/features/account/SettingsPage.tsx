import { Alert, Badge, Button, Group, Loader, Paper, PasswordInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { toApiError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { passwordsMatch, required, validPassword } from '../auth/auth-validation';
import { TwoFactorCard } from './TwoFactorCard';
import { TwoFactorCodeInput } from './TwoFactorCodeInput';
import { formatDateTime } from '../../lib/datetime';
import { PromotionsOptOutCard } from '../promotions/PromotionsOptOutCard';

export function SettingsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Settings" />
      <ChangePasswordForm />
      <BetPrivacyCard />
      <PromotionsOptOutCard />
      <TwoFactorCard />
      <SessionList />
    </Stack>
  );
}

/** Whether the public page of the player's bets (/bets/<id>, the Trollbox's /bet card) names them or says "Hidden". */
function BetPrivacyCard() {
  const utils = trpc.useUtils();
  const privacy = trpc.bets.privacy.useQuery();
  const setPrivacy = trpc.bets.setPrivacy.useMutation({
    onSuccess: (data) => utils.bets.privacy.setData(undefined, data),
  });
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="privacy-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="privacy-title">
          Privacy
        </Title>
        <Switch
          label="Hide my name on my bets' public pages"
          description='Anyone with a link to one of your bets sees "Hidden" instead of your display name.'
          checked={privacy.data?.hidden ?? false}
          disabled={!privacy.data || setPrivacy.isPending}
          onChange={(event) => setPrivacy.mutate({ hidden: event.currentTarget.checked })}
          data-testid="hide-bets-switch"
        />
        {setPrivacy.error ? (
          <Text size="sm" c="red" role="alert">
            {toApiError(setPrivacy.error).message || 'Could not save the setting'}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ChangePasswordForm() {
  const utils = trpc.useUtils();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const changePassword = trpc.auth.changePassword.useMutation();
  // With two-factor on, the server also wants a code (step-up).
  const twoFactor = trpc.auth.twoFactor.status.useQuery(undefined, { retry: false });
  const needsCode = twoFactor.data?.enabled === true;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '', otp: '' },
    validate: {
      currentPassword: required,
      newPassword: validPassword,
      confirmPassword: (value, values) => passwordsMatch(value, values.newPassword),
    },
  });
  const submit = form.onSubmit(async ({ currentPassword, newPassword, otp }) => {
    setOutcome(null);
    try {
      const { message } = await changePassword.mutateAsync({
        currentPassword,
        newPassword,
        ...(needsCode ? { otp: otp.trim() } : {}),
      });
      setOutcome({ ok: true, message });
      form.reset();
      // The other sessions were signed out.
      void utils.auth.sessions.invalidate();
    } catch (error) {
      setOutcome({ ok: false, message: toApiError(error).message });
    }
  });
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)">
      <form onSubmit={submit} noValidate aria-labelledby="change-password-title">
        <Stack gap="sm" maw={420}>
          <Title order={2} size="h4" id="change-password-title">
            Change password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            withAsterisk
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            description="8-128 characters; common passwords are refused."
            autoComplete="new-password"
            withAsterisk
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          {needsCode ? <TwoFactorCodeInput key={form.key('otp')} {...form.getInputProps('otp')} /> : null}
          {outcome ? (
            <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={form.submitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A short description of the browser that opened a session, from its user agent. */
function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}

function SessionList() {
  const utils = trpc.useUtils();
  // Never served from the cache: the list belongs to whoever is signed in right now.
  const sessions = trpc.auth.sessions.useQuery(undefined, { staleTime: 0, gcTime: 0 });
  const revoke = trpc.auth.revokeSession.useMutation({ onSettled: () => utils.auth.sessions.invalidate() });
  // With two-factor on, signing another session out needs a code: a stolen password cannot lock the owner out.
  const twoFactor = trpc.auth.twoFactor.status.useQuery(undefined, { retry: false });
  const needsCode = twoFactor.data?.enabled === true;
  const [otp, setOtp] = useState('');

  let body;
  if (sessions.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Loading sessions…</Text>
      </Group>
    );
  } else if (sessions.isError) {
    body = (
      <Alert color="red" role="alert">
        {toApiError(sessions.error).message}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="session-list">
        {/* This device first, then the others as the server lists them. */}
        {[...sessions.data]
          .sort((a, b) => Number(b.current) - Number(a.current))
          .map((session) => {
            const device = deviceLabel(session.userAgent);
            return (
              <Paper
                component="li"
                key={session.id}
                withBorder
                radius="md"
                px="md"
                py="sm"
                bg="var(--bzu-input)"
                data-current={session.current || undefined}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={600} truncate>
                        {device}
                      </Text>
                      {session.current ? (
                        <Badge color="green" variant="light" size="sm" style={{ flexShrink: 0 }}>
                          This device
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {session.ip ?? 'Unknown address'} · signed in {formatDateTime(session.createdAt)} · last active{' '}
                      {formatDateTime(session.lastSeenAt)}
                    </Text>
                  </Stack>
                  {session.current ? null : (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      style={{ flexShrink: 0 }}
                      aria-label={`Revoke session: ${device}, signed in ${formatDateTime(session.createdAt)}`}
                      loading={revoke.isPending && revoke.variables?.id === session.id}
                      onClick={() =>
                        revoke.mutate(
                          { id: session.id, otp: needsCode ? otp.trim() : undefined },
                          {
                            onSuccess: () => {
                              setOtp('');
                              notifications.show({ color: 'green', message: 'Session revoked' });
                            },
                            onError: (error) =>
                              notifications.show({ color: 'red', message: toApiError(error).message }),
                          },
                        )
                      }
                    >
                      Revoke
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" data-testid="sessions-card">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Active sessions
          </Title>
          <Text size="sm" c="dimmed">
            Every browser signed in to your account. Revoking one signs it out at once; to end this one, use Log Out.
          </Text>
        </div>
        {needsCode && sessions.data?.some((session) => !session.current) ? (
          <TwoFactorCodeInput
            maw={360}
            description="Revoking another session needs a code from your authenticator app, or a recovery code"
            value={otp}
            onChange={(event) => setOtp(event.currentTarget.value)}
          />
        ) : null}
        {body}
      </Stack>
    </Paper>
  );
}
