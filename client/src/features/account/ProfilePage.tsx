import { Badge, Button, Group, Paper, Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { DEFAULT_CURRENCY } from '../../constants';
import { toApiError } from '../../lib/api-error';
import { USERNAME_CHANGED } from '../auth/auth-messages';
import { required, validPublicUsername } from '../auth/auth-validation';
import { changeDisplayName, refreshProfile } from '../auth/session-actions';
import { displayName, useSession } from '../auth/session-store';
import { FormFailure } from '../../components/FormFailure';
import { formatDate } from '../../lib/datetime';

/** The profile as the stored user record has it, refreshed from the server when the page opens. */
export function ProfilePage() {
  const { user } = useSession();
  useEffect(() => {
    // A failed refresh leaves the stored record on screen; a 401 signs out on its own.
    refreshProfile().catch(() => undefined);
  }, []);

  const rows: Array<[string, ReactNode]> = [
    ['Display name', displayName(user)],
    ['Username', user?.loginName ?? user?.username],
    ['Email', user?.email],
    [
      'Email status',
      user?.emailVerified === undefined ? undefined : user.emailVerified ? (
        <Badge color="green" variant="light">
          Verified
        </Badge>
      ) : (
        <Badge color="yellow">Not verified</Badge>
      ),
    ],
    ['Currency', user?.currency ?? DEFAULT_CURRENCY],
    ['Member since', user?.createdAt ? formatDate(user.createdAt) : undefined],
  ];
  return (
    <Stack gap="lg">
      <PageHeader title="Profile" />
      <Paper withBorder radius="md" bg="var(--bzu-card)">
        <Table variant="vertical" layout="fixed" withRowBorders data-testid="profile-details">
          <Table.Tbody>
            {rows
              .filter(([, value]) => value !== undefined && value !== null && value !== '')
              .map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={180}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <ChangeDisplayNameForm current={displayName(user)} />
    </Stack>
  );
}

function ChangeDisplayNameForm({ current }: { current: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { publicUsername: '' },
    validate: {
      publicUsername: (value) =>
        required(value) ??
        validPublicUsername(value) ??
        (value === current ? 'That is already your display name' : null),
    },
  });
  const submit = form.onSubmit(async ({ publicUsername }) => {
    setFailure(null);
    try {
      await changeDisplayName(publicUsername);
      notifications.show({ color: 'green', message: USERNAME_CHANGED });
      form.reset();
    } catch (error) {
      setFailure(toApiError(error).message);
    }
  });
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)">
      <form onSubmit={submit} noValidate aria-labelledby="change-display-name-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="change-display-name-title">
            Change display name
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="New display name"
              description="3-10 letters and numbers; shown in chat and in the top bar."
              autoComplete="nickname"
              withAsterisk
              style={{ flex: '1 1 240px' }}
              key={form.key('publicUsername')}
              {...form.getInputProps('publicUsername')}
            />
          </Group>
          <FormFailure message={failure} />
          <Group>
            <Button type="submit" loading={form.submitting}>
              Save display name
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
