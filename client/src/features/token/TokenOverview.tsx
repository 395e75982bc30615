import { Alert, Button, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Group } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useState } from 'react';
import { PlaceholderState } from '../../components/PlaceholderState';
import { formatDecimal } from '../../lib/decimal';
import { trpc } from '../../trpc';
import { BurnSection } from './BurnSection';
import { PriceChart } from './PriceChart';
import { TokenPrice } from './TokenPrice';
import { useTokenLatest } from './use-token-latest';

export const HISTORY_RANGES = [
  { value: '24h', label: '24H' },
  { value: '7d', label: '7D' },
  { value: '30d', label: '30D' },
  { value: 'all', label: 'All' },
] as const;
type HistoryRange = (typeof HISTORY_RANGES)[number]['value'];

function usd(value: string | undefined): string | null {
  const formatted = value === undefined ? null : formatDecimal(value, 2);
  return formatted === null ? null : `$${formatted}`;
}

function bzu(value: string | undefined): string | null {
  const formatted = value === undefined ? null : formatDecimal(value, 0);
  return formatted === null ? null : `${formatted} BZU`;
}

function Stat({ label, value, loading, testId }: { label: string; value: string | null; loading: boolean; testId: string }) {
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
    body = <PriceChart points={points} label={`BZU price, ${rangeLabel}`} />;
  }

  return (
    <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)" component="section" aria-label="Price history">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Text fw={700}>Price history</Text>
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(value) => setRange(value as HistoryRange)}
          data={HISTORY_RANGES.map((r) => ({ value: r.value, label: r.label }))}
          aria-label="History range"
        />
      </Group>
      {body}
    </Paper>
  );
}

/** Price, market figures, supply and the price chart: everything from the server, nothing invented. */
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
            Updated {new Date(quote.updatedAt).toLocaleString()}
          </Text>
        ) : null}
      </Paper>
      {/* Columns follow the content's own width, which the sidebar and chat panel narrow. */}
      <SimpleGrid type="container" cols={{ base: 1, '420px': 2, '760px': 3 }} spacing="md">
        <Stat label="Market cap" value={usd(quote?.marketCap)} loading={latestLoading} testId="token-market-cap" />
        <Stat label="24 h volume" value={usd(quote?.volume24h)} loading={latestLoading} testId="token-volume" />
        <Stat label="Circulating supply" value={bzu(supply.data?.circulatingSupply)} loading={supplyLoading} testId="token-circulating-supply" />
        <Stat label="Total supply" value={bzu(supply.data?.totalSupply)} loading={supplyLoading} testId="token-total-supply" />
        <Stat label="Burned" value={bzu(supply.data?.burned)} loading={supplyLoading} testId="token-burned" />
        <Stat label="Burned in 24 h" value={bzu(burns.data?.burned24h)} loading={burns.isPending} testId="token-burned-24h" />
      </SimpleGrid>
      <HistoryPanel />
      <BurnSection />
    </Stack>
  );
}
