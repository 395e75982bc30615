import { Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { KeyboardScrollArea } from '../../components/KeyboardScrollArea';
import { TableHeader } from '../../components/TableHeader';
import { formatDateTime } from '../../lib/datetime';
import { trpc } from '../../trpc';
import { ConsoleSection } from './console-parts';

/** A line of the audit's detail as staff read it: "from 3 to 8", the limit and what was left, an answer. */
function describeDetail(detail: Record<string, unknown>): string {
  const parts = Object.entries(detail).map(([key, value]) => `${key}: ${value === null ? '—' : String(value)}`);
  return parts.join(', ');
}

/**
 * Player protection for staff: who was refused by a limit in the last day, and one player's limits, exclusions and
 * full audit (append-only: who changed what, when, from what to what; refusals; reality-check answers).
 */
export function ProtectionConsoleSection() {
  const hits = trpc.admin.protection.limitHits.useQuery();
  const [input, setInput] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const player = trpc.admin.protection.player.useQuery(
    { userId: userId ?? 1 },
    { enabled: userId !== null, retry: false },
  );
  const data = player.data;
  return (
    <ConsoleSection titleId="protection-title" title="Player protection">
      <Title order={3} fz="md">
        Limits hit in the last 24 hours
      </Title>
      <ErrorAlert error={hits.error} title="Could not load the limit hits" />
      {hits.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody was refused by a limit in the last day.
        </Text>
      ) : (
        <Table striped verticalSpacing={4} fz="sm" data-testid="limit-hits">
          <TableHeader columns={['Player', 'Last refusal', 'Limit']} numeric={['Refusals']} />
          <Table.Tbody>
            {hits.data?.map((hit) => (
              <Table.Tr key={hit.userId}>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" onClick={() => setUserId(hit.userId)}>
                    {hit.username} · #{hit.userId}
                  </Button>
                </Table.Td>
                <Table.Td>{formatDateTime(hit.lastAt)}</Table.Td>
                <Table.Td>{describeDetail(hit.last)}</Table.Td>
                <Table.Td ta="right">{hit.hits}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          const id = Number(input.trim());
          if (Number.isInteger(id) && id > 0) setUserId(id);
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput label="User id" value={input} onChange={(event) => setInput(event.currentTarget.value)} w={200} />
          <Button type="submit" variant="default">
            Show protection
          </Button>
        </Group>
      </form>
      <ErrorAlert error={player.error} title="Lookup failed" />
      {data ? (
        <Stack gap="xs" data-testid="protection-player">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              Player #{data.userId}
            </Text>
            {data.exclusion.active ? (
              <Badge color="orange">{data.exclusion.kind}</Badge>
            ) : (
              <Badge color="green">can play</Badge>
            )}
            <Badge variant="light">
              reality check:{' '}
              {data.realityCheck.intervalMinutes === 0 ? 'off' : `${data.realityCheck.intervalMinutes} min`}
              {data.realityCheck.isDefault ? ' (default)' : ''}
            </Badge>
          </Group>
          <Text size="sm">
            Limits:{' '}
            {data.limits.length === 0
              ? 'none'
              : data.limits
                  .map(
                    (limit) =>
                      `${limit.period} ${limit.kind} ${limit.amount ?? '—'} USD (used ${limit.used})${limit.pendingEffectiveAt ? `, pending ${limit.pendingRemoval ? 'removal' : limit.pendingAmount} from ${formatDateTime(limit.pendingEffectiveAt)}` : ''}`,
                  )
                  .join('; ')}
          </Text>
          <Text size="sm">
            Deposit limits:{' '}
            {data.depositLimits.length === 0
              ? 'none'
              : data.depositLimits.map((limit) => `${limit.period} ${limit.amount ?? '—'} USD`).join('; ')}
          </Text>
          <KeyboardScrollArea label="Protection audit" mah={360}>
            <Table striped verticalSpacing={4} fz="sm">
              <TableHeader columns={['When', 'Who', 'What', 'Detail']} numeric={[]} />
              <Table.Tbody>
                {data.history.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                    <Table.Td>{entry.actorName ?? 'system'}</Table.Td>
                    <Table.Td>{entry.action}</Table.Td>
                    <Table.Td>{describeDetail(entry.detail)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </KeyboardScrollArea>
        </Stack>
      ) : null}
    </ConsoleSection>
  );
}
