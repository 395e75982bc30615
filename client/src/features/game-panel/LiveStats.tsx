import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { fromUnits } from './bet-amount';
import type { Currency } from './bet-types';
import { profitPath } from './profit-path';
import { resetSessionStats, useSessionStats } from './session-stats';
import { formatAmount } from '../../lib/money';

const WIDTH = 280;
const HEIGHT = 72;

/** This session's figures on this game and currency, with a small line of cumulative profit (plain SVG). */
export function LiveStats({ game, currency }: { game: string; currency: Currency }) {
  const stats = useSessionStats(game, currency);
  const money = (units: bigint) => `${formatAmount(fromUnits(units), currency)} ${currency}`;
  const chart = profitPath(stats.points, WIDTH, HEIGHT);
  const up = stats.profit >= 0n;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="var(--bzu-input)"
      component="section"
      aria-label="Live stats"
      data-testid="live-stats"
    >
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={700}>
          Live stats
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => resetSessionStats(game, currency)}
          data-testid="live-stats-reset"
        >
          Reset
        </Button>
      </Group>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
        <Figure
          label="Profit"
          value={money(stats.profit)}
          exact={fromUnits(stats.profit)}
          color={stats.profit === 0n ? undefined : up ? 'teal' : 'red'}
          testId="live-profit"
        />
        <Figure label="Wagered" value={money(stats.wagered)} exact={fromUnits(stats.wagered)} testId="live-wagered" />
        <Figure label="Wins" value={String(stats.wins)} color="teal" testId="live-wins" />
        <Figure label="Losses" value={String(stats.losses)} color="red" testId="live-losses" />
      </SimpleGrid>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label="Cumulative profit this session"
        data-testid="live-chart"
        data-points={stats.points.length}
        style={{ display: 'block', marginTop: 6 }}
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={chart.zeroY}
          y2={chart.zeroY}
          stroke="var(--mantine-color-dimmed)"
          strokeDasharray="3 3"
          strokeWidth={1}
        />
        {chart.line ? (
          <path
            d={chart.line}
            fill="none"
            stroke={up ? 'var(--mantine-color-teal-5)' : 'var(--mantine-color-red-5)'}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
      </svg>
    </Paper>
  );
}

/** `exact`: the full amount on hover, where the figure shows the currency's display precision. */
function Figure({
  label,
  value,
  exact,
  color,
  testId,
}: {
  label: string;
  value: string;
  exact?: string;
  color?: string;
  testId: string;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700} ff="monospace" c={color} data-testid={testId} title={exact} truncate>
        {value}
      </Text>
    </div>
  );
}
