import { Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { TOKEN_PRICE_DECIMALS } from '../../constants';
import { formatDecimal } from '../../lib/decimal';
import { trpc } from '../../trpc';
import { formatClock, formatDateTime } from '../../lib/datetime';
import { prepareSeries, type ChartRange } from './chart-series';
import { RangeControl } from './ChartRangeControl';
import { FinancialChart } from './FinancialChart';
import { keyboardScroll } from '../../components/KeyboardScrollArea';

/** BZU burned per slot of the range, from the latest 100 burns. */
function BurnChart() {
  const [range, setRange] = useState<ChartRange>('7d');
  const burns = trpc.token.burns.useQuery({ limit: 100 }, { staleTime: 60_000 });
  const series = useMemo(
    () =>
      burns.data
        ? prepareSeries(
            burns.data.burns.map((b) => ({ t: b.createdAt, value: b.amount })),
            range,
            Date.now(),
            'sum',
          )
        : null,
    [burns.data, range],
  );
  return (
    <>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="sm">
        <Text size="sm" fw={600}>
          BZU burned over time
        </Text>
        <RangeControl value={range} onChange={setRange} label="Burn range" />
      </Group>
      {series && series.valued === 0 ? (
        <Stack align="center" justify="center" gap={4} h={180} ta="center" data-testid="burn-chart-empty">
          <IconFlame size={28} stroke={1.4} aria-hidden />
          <Text size="sm" fw={600}>
            No burns in this range
          </Text>
          <Text size="xs" c="dimmed">
            A burn happens when an hour ends with net gaming revenue; pick a longer range or check back after the hour.
          </Text>
        </Stack>
      ) : series ? (
        <FinancialChart
          series={series}
          kind="histogram"
          precision={2}
          floorAtZero
          height={180}
          testId="burn-chart"
          label={`BZU burned per period, ${range}: ${series.valued} periods with burns`}
        />
      ) : (
        <Skeleton height={180} radius="md" aria-label="Loading burn chart" />
      )}
    </>
  );
}

const hour = (iso: string | null) => (iso ? formatDateTime(iso) : '-');

/**
 * The public buy-and-burn record: every hour the job looked at, with the formula's inputs
 * (revenue x share = USD spent -> BZU bought at the pool price and burned), or why it was skipped.
 */
export function BurnSection() {
  const burns = trpc.token.burns.useQuery({ limit: 24 }, { refetchInterval: 60_000 });
  const periods = burns.data?.periods ?? [];
  const byId = new Map((burns.data?.burns ?? []).map((burn) => [burn.id, burn]));
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="burns-title"
      data-testid="burn-section"
    >
      <Title order={2} fz="md" id="burns-title">
        Buy-and-burn
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every hour a share of the house’s net gaming revenue of the past hour buys BZU from the pool, and that BZU is
        burned for good.
      </Text>
      <BurnChart />
      {burns.isPending ? (
        <Skeleton height={120} mt="md" />
      ) : periods.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="burns-empty">
          No hour has been settled yet: the first burn runs at the top of the next hour.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={680} scrollAreaProps={keyboardScroll('Burns')}>
          <Table fz="sm" striped data-testid="burn-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Hour</Table.Th>
                <Table.Th>Net revenue</Table.Th>
                <Table.Th>Share</Table.Th>
                <Table.Th>USD spent</Table.Th>
                <Table.Th>BZU burned</Table.Th>
                <Table.Th>Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {periods.map((period) => {
                const burn = period.burnId ? byId.get(period.burnId) : undefined;
                return (
                  <Table.Tr key={period.periodStart} data-testid={`burn-row-${period.status}`}>
                    <Table.Td>
                      {hour(period.periodStart)}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        – {formatClock(period.periodEnd)}
                      </Text>
                    </Table.Td>
                    <Table.Td ff="monospace">${formatDecimal(period.revenue, 2)}</Table.Td>
                    <Table.Td>{Number(period.share) * 100}%</Table.Td>
                    {period.status === 'burned' ? (
                      <>
                        <Table.Td ff="monospace">
                          {burn?.usdSpent ? `$${formatDecimal(burn.usdSpent, 2)}` : '-'}
                        </Table.Td>
                        <Table.Td ff="monospace" fw={700} data-testid="burn-amount">
                          {burn ? `${formatDecimal(burn.amount, 4)} BZU` : 'burned'}
                        </Table.Td>
                        <Table.Td ff="monospace">
                          {burn?.price ? `$${formatDecimal(burn.price, TOKEN_PRICE_DECIMALS)}` : '-'}
                        </Table.Td>
                      </>
                    ) : (
                      <Table.Td colSpan={3}>
                        <Badge variant="light" color="gray" mr="xs">
                          skipped
                        </Badge>
                        <Text span size="xs" c="dimmed">
                          {period.reason}
                        </Text>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
