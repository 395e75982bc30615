import { Button, Code, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../lib/datetime';
import { trpc } from '../../trpc';
import { ConsoleSection, ConsoleTable, useForm } from './console-parts';

/** The staff audit log, newest first, filtered by actor, action, target and time. */
export function AuditConsoleSection() {
  const { form, field } = useForm({ actorId: '', action: '', targetType: '', targetId: '', from: '', to: '' });
  const [filter, setFilter] = useState<Record<string, string | number>>({});
  const log = trpc.admin.audit.list.useQuery({ limit: 100, ...filter });
  const apply = () => {
    const next: Record<string, string | number> = {};
    if (form.actorId.trim()) next.actorId = Number(form.actorId.trim());
    for (const key of ['action', 'targetType', 'targetId'] as const) if (form[key].trim()) next[key] = form[key].trim();
    if (form.from) next.from = new Date(`${form.from}T00:00:00Z`).toISOString();
    if (form.to) next.to = new Date(`${form.to}T00:00:00Z`).toISOString();
    setFilter(next);
  };
  const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
  return (
    <ConsoleSection titleId="audit-title" title="Audit log">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput label="Actor id" w={100} {...field('actorId')} />
        <TextInput label="Action" placeholder="withdrawal.approve" w={180} {...field('action')} />
        <TextInput label="Target" placeholder="withdrawal" w={130} {...field('targetType')} />
        <TextInput label="Target id" w={120} {...field('targetId')} />
        <TextInput label="From" type="date" w={150} {...field('from')} />
        <TextInput label="To (before)" type="date" w={150} {...field('to')} />
        <Button variant="default" onClick={apply}>
          Filter
        </Button>
      </Group>
      <ErrorAlert error={log.error} title="Could not load the audit log" />
      {log.data && log.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No staff action matches.
        </Text>
      ) : null}
      {log.data && log.data.length > 0 ? (
        <ConsoleTable label="Audit log" columns={['When', 'Who', 'From', 'Action', 'Target', 'Before', 'After']}>
          {log.data.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>{formatDateTime(line.createdAt)}</Table.Td>
              <Table.Td>
                {line.actorName ?? 'CLI'}{' '}
                <Text span size="xs" c="dimmed">
                  ({line.actorRole})
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" title={line.userAgent ?? ''}>
                  {line.ip ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>{line.action}</Table.Td>
              <Table.Td>
                {line.targetType} {line.targetId ?? ''}
              </Table.Td>
              <Table.Td maw={260}>
                <Code block fz="xs">
                  {json(line.before)}
                </Code>
              </Table.Td>
              <Table.Td maw={260}>
                <Code block fz="xs">
                  {json(line.after)}
                </Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </ConsoleTable>
      ) : null}
    </ConsoleSection>
  );
}
