import { Badge, Paper, Stack, Table } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { DEFAULT_CURRENCY } from '../../constants';
import { displayName, useSession } from '../auth/session-store';

/** The profile as the stored user record has it; fields the server has not sent are left out. */
export function ProfilePage() {
  const { user } = useSession();
  const rows: Array<[string, React.ReactNode]> = [
    ['Display name', displayName(user)],
    ['Username', user?.loginName ?? user?.username],
    ['Email', user?.email],
    [
      'Email status',
      user?.emailVerified === undefined ? undefined : user.emailVerified ? <Badge color="green">Verified</Badge> : <Badge color="yellow">Not verified</Badge>,
    ],
    ['Currency', user?.currency ?? DEFAULT_CURRENCY],
    ['Member since', user?.createdAt ? new Date(user.createdAt).toLocaleDateString() : undefined],
  ];
  return (
    <Stack gap="lg">
      <PageHeader title="Profile" />
      <Paper withBorder radius="md" bg="var(--bzu-card)">
        <Table variant="vertical" layout="fixed" withRowBorders>
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
    </Stack>
  );
}
