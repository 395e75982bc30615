import { Group, NativeSelect, Table, TextInput } from '@mantine/core';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ALL_ROLES } from '../../../../server/src/domain/staff/roles.schemas';
import { trpc } from '../../trpc';
import { ConsoleForm, ConsoleSection, ConsoleTable, useForm } from './console-parts';

/** Staff and their roles; an admin gives a role by user id (written to the audit log). */
export function StaffConsoleSection() {
  const staff = trpc.admin.staff.list.useQuery();
  const utils = trpc.useUtils();
  const { form, field, setForm } = useForm({ userId: '', role: 'support' });
  const setRole = trpc.admin.staff.setRole.useMutation({
    onSuccess: () => (setForm({ userId: '', role: form.role }), void utils.admin.staff.list.invalidate()),
  });
  return (
    <ConsoleSection titleId="staff-title" title="Staff">
      <ErrorAlert error={staff.error} title="Could not load the staff" />
      {staff.data ? (
        <ConsoleTable label="Staff" columns={['#', 'Login', 'Display name', 'Role']}>
          {staff.data.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>{member.id}</Table.Td>
              <Table.Td>{member.loginName}</Table.Td>
              <Table.Td>{member.publicUsername}</Table.Td>
              <Table.Td>{member.role}</Table.Td>
            </Table.Tr>
          ))}
        </ConsoleTable>
      ) : null}
      <ConsoleForm
        title="Change a role"
        onSubmit={() => setRole.mutate({ userId: Number(form.userId), role: form.role as (typeof ALL_ROLES)[number] })}
        error={setRole.error}
        errorTitle="The role was not changed"
        status={setRole.data ? `${setRole.data.loginName} is now ${setRole.data.role}` : null}
        submitLabel="Set role"
        pending={setRole.isPending}
        disabled={!/^\d+$/.test(form.userId)}
      >
        <Group gap="xs" grow>
          <TextInput label="User id" {...field('userId')} />
          <NativeSelect
            label="Role"
            data={[...ALL_ROLES]}
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.currentTarget.value })}
          />
        </Group>
      </ConsoleForm>
    </ConsoleSection>
  );
}
