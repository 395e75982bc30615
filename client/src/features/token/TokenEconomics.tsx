import { Paper, SimpleGrid, Skeleton, Stack, Text, Group } from '@mantine/core';
import { useMemo, useState } from 'react';
import { trpc } from '../../trpc';
import { BurnSection } from './BurnSection';
import { prepareSeries, rangeWindow, supplyFromBurns, type ChartRange } from './chart-series';
import { RangeControl } from './ChartRangeControl';
import { FinancialChart } from './FinancialChart';
import { HISTORY_RANGES, Stat, bzu } from './TokenOverview';

/** Circulating supply over time: today's figure walked back through the burn record. */
function SupplyPanel({ circulating }: { circulating: string | undefined }) {
  const [range, setRange] = useState<ChartRange>('7d');
  const burns = trpc.token.burns.useQuery({ limit: 100 }, { staleTime: 60_000 });
  const series = useMemo(() => {
    if (circulating === undefined || !burns.data) return null;
    const now = Date.now();
    const since = new Date(rangeWindow(range, Math.floor(now / 1000), null).from * 1000).toISOString();
    return prepareSeries(
      supplyFromBurns(circulating, burns.data.burns, new Date(now).toISOString(), since),
      range,
      now,
      'last',
    );
  }, [circulating, burns.data, range]);
  const rangeLabel = HISTORY_RANGES.find((r) => r.value === range)!.label;
  return (
    <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)" component="section" aria-label="Supply history">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Text fw={700}>Circulating supply</Text>
        <RangeControl value={range} onChange={setRange} label="Supply range" />
      </Group>
      {series ? (
        <FinancialChart
          series={series}
          kind="area"
          precision={0}
          floorAtZero
          testId="supply-chart"
          label={`Circulating BZU, ${rangeLabel}: ${bzu(circulating) ?? ''} now, ${burns.data?.burns.length ?? 0} burns recorded`}
        />
      ) : (
        <Skeleton height={240} radius="md" aria-label="Loading supply history" />
      )}
    </Paper>
  );
}

/**
 * /token/overview: the token's economics, where the dashboard (/token) is its market. Supply and where it goes, the
 * buy-and-burn record and its chart.
 */
export function TokenEconomics() {
  const supply = trpc.token.supply.useQuery(undefined, { staleTime: 60_000 });
  const burns = trpc.token.burns.useQuery({ limit: 1 }, { staleTime: 60_000 });
  const loading = supply.isPending;
  return (
    <Stack gap="lg">
      <SimpleGrid type="container" cols={{ base: 1, '420px': 2, '760px': 3 }} spacing="md">
        <Stat label="Maximum supply" value={bzu(supply.data?.maxSupply)} loading={loading} testId="token-max-supply" />
        <Stat
          label="Total supply"
          value={bzu(supply.data?.totalSupply)}
          loading={loading}
          testId="token-total-supply"
        />
        <Stat
          label="Circulating supply"
          value={bzu(supply.data?.circulatingSupply)}
          loading={loading}
          testId="token-circulating-supply"
        />
        <Stat label="Burned" value={bzu(supply.data?.burned)} loading={loading} testId="token-burned" />
        <Stat
          label="Burned in 24 h"
          value={bzu(burns.data?.burned24h)}
          loading={burns.isPending}
          testId="token-burned-24h"
        />
      </SimpleGrid>
      <SupplyPanel circulating={supply.data?.circulatingSupply} />
      <BurnSection />
    </Stack>
  );
}
