import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../lib/datetime';
import { trpc } from '../../trpc';
import { ConsoleTable, NameCell } from './console-parts';
import { CreateBonusForm, CreateCodeForm, CreateRaceForm, CreateReloadForm } from './PromotionForms';

/**
 * Promotions for staff: every race, code and reload with pause / resume / end, the forms to create them, and what they
 * cost per day (the same report as `promotions:report`). Roles that may only read them (`promotions.read`, finance)
 * see the list and the cost report without the controls; the server refuses the changes to them anyway.
 */
export function PromotionsConsoleSection({ canManage }: { canManage: boolean }) {
  const utils = trpc.useUtils();
  const promotions = trpc.admin.promotions.list.useQuery();
  const [days, setDays] = useState(30);
  const report = trpc.admin.promotions.costReport.useQuery({ days });
  const refresh = () => {
    void utils.admin.promotions.invalidate();
    void utils.promotions.overview.invalidate();
  };
  const setStatus = trpc.admin.promotions.setStatus.useMutation({ onSettled: refresh });
  const settle = trpc.admin.promotions.settleRaces.useMutation({ onSettled: refresh });
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="promotions-console">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="promotions-console">
            Promotions
          </Title>
          {canManage ? (
            <Button variant="default" size="xs" loading={settle.isPending} onClick={() => settle.mutate()}>
              Pay finished races now
            </Button>
          ) : null}
        </Group>
        <ErrorAlert error={promotions.error ?? setStatus.error ?? settle.error} title="Promotions" />
        <ConsoleTable label="Promotions" columns={['Promotion', 'Window', 'Status', '']}>
          {promotions.data?.map((promotion) => (
            <Table.Tr key={promotion.id} data-testid={`promotion-${promotion.id}`}>
              <NameCell name={`#${promotion.id} ${promotion.name}`} detail={`${promotion.kind} · ${promotion.terms}`} />
              <Table.Td fz="xs">
                {formatDateTime(promotion.startsAt)} – {formatDateTime(promotion.endsAt)}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={promotion.status === 'active' ? 'green' : 'gray'}>
                  {promotion.finished ? 'paid' : promotion.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {promotion.status === 'ended' || !canManage ? null : (
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() =>
                        setStatus.mutate({
                          id: promotion.id,
                          status: promotion.status === 'active' ? 'paused' : 'active',
                        })
                      }
                    >
                      {promotion.status === 'active' ? 'Pause' : 'Resume'}
                    </Button>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="light"
                      onClick={() => setStatus.mutate({ id: promotion.id, status: 'ended' })}
                    >
                      End
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ConsoleTable>
        {canManage ? (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <CreateRaceForm onCreated={refresh} />
            <CreateBonusForm onCreated={refresh} />
            <CreateCodeForm onCreated={refresh} />
            <CreateReloadForm onCreated={refresh} />
          </SimpleGrid>
        ) : null}
        <Group justify="space-between" align="flex-end">
          <Title order={3} fz="md">
            Cost per day
          </Title>
          <NativeSelect
            aria-label="Report period"
            data={[
              { value: '7', label: 'Last 7 days' },
              { value: '30', label: 'Last 30 days' },
              { value: '90', label: 'Last 90 days' },
            ]}
            value={String(days)}
            onChange={(event) => setDays(Number(event.currentTarget.value))}
          />
        </Group>
        <ErrorAlert error={report.error} title="The cost report did not load" />
        <ConsoleTable
          label="Promotions cost per day"
          columns={['Day', 'Promotion', { right: 'Paid' }, { right: 'Pending' }, { right: 'Forfeited' }]}
        >
          {report.data?.days.map((row) => (
            <Table.Tr key={`${row.day}-${row.promotionId}-${row.currency}`} data-testid="cost-row">
              <Table.Td>{row.day}</Table.Td>
              <Table.Td>
                #{row.promotionId} {row.name} ({row.kind})
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {row.paid} {row.currency}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {row.pending} {row.currency}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {row.forfeited} {row.currency}
              </Table.Td>
            </Table.Tr>
          ))}
          {report.data?.totals.map((total) => (
            <Table.Tr key={`total-${total.currency}`} fw={700}>
              <Table.Td>Total</Table.Td>
              <Table.Td>{total.currency}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {total.paid}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {total.pending}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {total.forfeited}
              </Table.Td>
            </Table.Tr>
          ))}
        </ConsoleTable>
      </Stack>
    </Paper>
  );
}
