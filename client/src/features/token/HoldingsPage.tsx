import { Box, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { TOKEN_PRICE_DECIMALS } from '../../constants';
import { formatDecimal } from '../../lib/decimal';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/datetime';
import { layoutChart } from './chart-geometry';
import { TokenPageFrame } from './TokenSignedIn';
import { formatMoney } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

const HEIGHT = 180;
const usd = (value: string) => `$${formatDecimal(value, 2) ?? value}`;
const signedUsd = (value: string) =>
  value.startsWith('-') ? `-$${formatDecimal(value.slice(1), 2)}` : `+$${formatDecimal(value, 2)}`;
const tone = (value: string) => (value.startsWith('-') ? 'red.4' : Number(value) > 0 ? 'green.4' : undefined);

function Figure({
  label,
  value,
  testId,
  color,
  hint,
}: {
  label: string;
  value: string;
  testId: string;
  color?: string;
  hint?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" bg="var(--bzu-card)">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" ff="monospace" c={color} data-testid={testId}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The player's BZU balance after each change, as a step line (same geometry as the price chart). */
function BalanceChart({ points }: { points: { t: string; bzu: string }[] }) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const gradientId = useId();
  // A balance holds until the next change: a step line (the old balance up to each change), and
  // the last one extended to now so the line reaches today.
  const series = points.flatMap((point, i) => (i === 0 ? [point] : [{ t: point.t, bzu: points[i - 1]!.bzu }, point]));
  if (points.length > 0) series.push({ t: new Date().toISOString(), bzu: points[points.length - 1]!.bzu });
  const layout = layoutChart(
    series.map((p) => ({ t: p.t, price: p.bzu })),
    { width, height: HEIGHT, padY: 12 },
  );
  const first = points[0];
  return (
    <Box data-testid="holdings-chart">
      <Box ref={ref} h={HEIGHT}>
        {layout ? (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={`Your BZU over time: ${points.length} changes`}
            style={{ display: 'block', overflow: 'visible' }}
          >
            <defs>
              <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="var(--mantine-primary-color-filled)" stopOpacity={0.35} />
                <stop offset="100%" stopColor="var(--mantine-primary-color-filled)" stopOpacity={0} />
              </linearGradient>
            </defs>
            <path d={layout.area} fill={`url(#${gradientId})`} stroke="none" />
            <path
              d={layout.line}
              fill="none"
              stroke="var(--mantine-primary-color-filled)"
              strokeWidth={2}
              strokeLinejoin="round"
            />
          </svg>
        ) : null}
      </Box>
      <Group justify="space-between" mt={6}>
        <Text size="xs" c="dimmed">
          {first ? formatDateTime(first.t) : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {layout ? `High ${formatMoney(layout.max.price)} · Low ${formatMoney(layout.min.price)} BZU` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          Now
        </Text>
      </Group>
    </Box>
  );
}

function Holdings() {
  const holdings = trpc.token.holdings.useQuery();
  if (holdings.error) return <ErrorAlert error={holdings.error} title="Holdings could not be loaded" />;
  const data = holdings.data;
  if (!data) return <Skeleton height={320} radius="lg" />;
  const hasBzu = Number(data.bzu) > 0;
  return (
    <Stack gap="lg">
      <SimpleGrid type="container" cols={{ base: 1, '420px': 2, '760px': 4 }} spacing="md">
        <Figure
          label="BZU held"
          value={`${formatDecimal(data.bzu, 2)} BZU`}
          testId="holdings-bzu"
          hint={`${formatMoney(data.bzu)} exactly · ${data.tier.name} holder`}
        />
        <Figure
          label="Value"
          value={usd(data.usdValue)}
          testId="holdings-value"
          hint={`at $${formatDecimal(data.price, TOKEN_PRICE_DECIMALS)} per BZU`}
        />
        <Figure
          label="Average cost"
          value={data.averageCost ? `$${formatDecimal(data.averageCost, TOKEN_PRICE_DECIMALS)}` : 'No buys yet'}
          testId="holdings-average-cost"
          hint={data.averageCost ? `${formatMoney(data.tradedBzuHeld)} BZU bought here and held` : undefined}
        />
        <Figure
          label="Profit / loss"
          value={signedUsd(data.totalPnl)}
          testId="holdings-pnl"
          color={tone(data.totalPnl)}
          hint={`realised ${signedUsd(data.realizedPnl)} · open ${signedUsd(data.unrealizedPnl)}`}
        />
      </SimpleGrid>
      <Paper
        withBorder
        radius="lg"
        p="lg"
        bg="var(--bzu-card)"
        component="section"
        aria-labelledby="holdings-history-title"
      >
        <Title order={2} fz="md" mb="sm" id="holdings-history-title">
          Your BZU over time
        </Title>
        {data.history.length > 0 ? (
          <BalanceChart points={data.history} />
        ) : (
          <Text size="sm" c="dimmed">
            You have not held BZU yet. <Link to="/token/trade">Buy BZU</Link> or{' '}
            <Link to="/token/wallet">deposit it</Link>.
          </Text>
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        {hasBzu
          ? 'Average cost and profit/loss cover the BZU you bought on /token/trade (fees included). BZU you deposited has no known cost and is valued but not counted in profit/loss.'
          : `${data.tradeCount} trades so far.`}
      </Text>
    </Stack>
  );
}

export function HoldingsPage() {
  return (
    <TokenPageFrame
      title="BZU Holdings"
      description="Your BZU, what it is worth, and how your trades did."
      guestText="Log in to see your BZU holdings."
    >
      <Holdings />
    </TokenPageFrame>
  );
}
