import { Alert, Box, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Group } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { TOKEN_PRICE_DECIMALS } from '../../constants';
import { PlaceholderState } from '../../components/PlaceholderState';
import { formatDecimal } from '../../lib/decimal';
import { trpc } from '../../trpc';
import { prepareSeries, type ChartRange } from './chart-series';
import { RangeControl } from './ChartRangeControl';
import { FinancialChart } from './FinancialChart';
import { TokenPrice } from './TokenPrice';
import { useTokenLatest } from './use-token-latest';
import { formatDateTime, formatDayTime } from '../../lib/datetime';

export const HISTORY_RANGES = [
  { value: '24h', label: '24H' },
  { value: '7d', label: '7D' },
  { value: '30d', label: '30D' },
  { value: 'all', label: 'All' },
] as const;
type HistoryRange = (typeof HISTORY_RANGES)[number]['value'];

function price(value: string | number): string {
  return `$${formatDecimal(String(value), TOKEN_PRICE_DECIMALS) ?? value}`;
}

/** The BZU price as an area chart, with the range's high and low and a crosshair read-out. */
function PriceChart({
  points,
  range,
  label,
  extremes,
}: {
  points: readonly { t: string; price: string }[];
  range: ChartRange;
  label: string;
  /** The server's high and low over every stored point: the buckets' closing prices can miss a trade's peak. */
  extremes: { high: string | null; low: string | null };
}) {
  const [hover, setHover] = useState<{ time: number; value: number } | null>(null);
  // Re-laid when the answer changes (each refetch), so "now" moves with the data.
  const series = useMemo(
    () =>
      prepareSeries(
        points.map((p) => ({ t: p.t, value: p.price })),
        range,
        Date.now(),
        'last',
      ),
    [points, range],
  );
  const prices = points.map((p) => p.price);
  const numeric = prices.map(Number);
  const high = extremes.high ?? prices[numeric.indexOf(Math.max(...numeric))]!;
  const low = extremes.low ?? prices[numeric.indexOf(Math.min(...numeric))]!;
  return (
    <Box data-testid="price-chart">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="xs" c="dimmed">{`High ${price(high)} · Low ${price(low)}`}</Text>
        <Text size="xs" fw={600} ff="monospace" aria-live="polite" data-testid="price-chart-readout">
          {hover ? `${price(hover.value.toFixed(TOKEN_PRICE_DECIMALS))} · ${formatDayTime(hover.time * 1000)}` : ''}
        </Text>
      </Group>
      <FinancialChart
        series={series}
        kind="area"
        precision={TOKEN_PRICE_DECIMALS}
        onHover={setHover}
        label={`${label}: ${points.length} points from ${price(points[0]!.price)} to ${price(points[points.length - 1]!.price)}`}
      />
    </Box>
  );
}

export function usd(value: string | undefined): string | null {
  const formatted = value === undefined ? null : formatDecimal(value, 2);
  return formatted === null ? null : `$${formatted}`;
}

export function bzu(value: string | undefined): string | null {
  const formatted = value === undefined ? null : formatDecimal(value, 0);
  return formatted === null ? null : `${formatted} BZU`;
}

export function Stat({
  label,
  value,
  loading,
  testId,
}: {
  label: string;
  value: string | null;
  loading: boolean;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" bg="var(--bzu-card)">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? (
        <Skeleton height={22} width="70%" mt={6} aria-label={`Loading ${label.toLowerCase()}`} />
      ) : (
        <Text fw={700} size="lg" ff="monospace" data-testid={testId}>
          {value ?? 'Not available yet'}
        </Text>
      )}
    </Paper>
  );
}

function HistoryPanel() {
  const [range, setRange] = useState<HistoryRange>('24h');
  const history = trpc.token.history.useQuery({ range }, { placeholderData: (previous) => previous });
  const points = history.data?.range === range ? history.data.points : undefined;
  const rangeLabel = HISTORY_RANGES.find((r) => r.value === range)!.label;

  let body;
  if (history.isError && !history.data) {
    body = (
      <Alert color="red" title="Price history could not be loaded" data-testid="price-chart-error">
        <Button size="xs" variant="light" mt="xs" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!points) {
    body = <Skeleton height={260} radius="md" aria-label="Loading price history" />;
  } else if (points.length === 0) {
    body = (
      <PlaceholderState
        icon={IconChartLine}
        title="No price history yet"
        description={`No price has been recorded in this range (${rangeLabel}). Prices are recorded every 20 seconds.`}
      />
    );
  } else {
    body = (
      <PriceChart
        points={points}
        range={range}
        label={`BZU price, ${rangeLabel}`}
        extremes={{ high: history.data?.high ?? null, low: history.data?.low ?? null }}
      />
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)" component="section" aria-label="Price history">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Text fw={700}>Price history</Text>
        <RangeControl value={range} onChange={(next) => setRange(next as HistoryRange)} label="History range" />
      </Group>
      {body}
    </Paper>
  );
}

/** The dashboard: price, market figures and the price chart, everything from the server, nothing invented. */
export function TokenOverview() {
  const state = useTokenLatest();
  const quote = state.status === 'ready' ? state.quote : null;
  const supply = trpc.token.supply.useQuery(undefined, { staleTime: 60_000 });
  const burns = trpc.token.burns.useQuery({ limit: 1 }, { staleTime: 60_000 });
  const latestLoading = state.status === 'loading';
  const supplyLoading = supply.isPending;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)" component="section" aria-label="BZU price">
        <Text size="sm" c="dimmed" mb={4}>
          BZU price
        </Text>
        <TokenPrice state={state} size="xl" />
        {quote ? (
          <Text size="xs" c="dimmed" mt="xs" data-testid="token-updated-at">
            Updated {formatDateTime(quote.updatedAt)}
          </Text>
        ) : null}
      </Paper>
      {/* Columns follow the content's own width, which the sidebar and chat panel narrow. */}
      <SimpleGrid type="container" cols={{ base: 1, '420px': 2, '760px': 3 }} spacing="md">
        <Stat label="Market cap" value={usd(quote?.marketCap)} loading={latestLoading} testId="token-market-cap" />
        <Stat label="24 h volume" value={usd(quote?.volume24h)} loading={latestLoading} testId="token-volume" />
        <Stat
          label="Circulating supply"
          value={bzu(supply.data?.circulatingSupply)}
          loading={supplyLoading}
          testId="token-circulating-supply"
        />
        <Stat
          label="Total supply"
          value={bzu(supply.data?.totalSupply)}
          loading={supplyLoading}
          testId="token-total-supply"
        />
        <Stat label="Burned" value={bzu(supply.data?.burned)} loading={supplyLoading} testId="token-burned" />
        <Stat
          label="Burned in 24 h"
          value={bzu(burns.data?.burned24h)}
          loading={burns.isPending}
          testId="token-burned-24h"
        />
      </SimpleGrid>
      <HistoryPanel />
    </Stack>
  );
}
