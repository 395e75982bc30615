import { Group, Paper, Text } from '@mantine/core';
import { trpc } from '../../../trpc';
import { graphLevel, historyBars } from './crash-history';

/** How many past rounds the graph draws. */
const ROUNDS = 50;
const BAR = 10;
const GAP = 2;
const HEIGHT = 64;

/** A bar graph of the recent crash points (crash-history.ts): the shape of the last rounds next to the live one. */
export function CrashHistoryGraph() {
  const recent = trpc.crash.rounds.useQuery({ limit: ROUNDS }, { staleTime: 0 });
  const bars = historyBars(recent.data?.rounds ?? []);
  if (bars.length === 0) return null;
  const width = bars.length * (BAR + GAP);
  const twoX = HEIGHT - graphLevel(2) * HEIGHT;
  const high = bars.filter((bar) => bar.color === 'teal').length;
  return (
    <Paper radius="md" p="xs" bg="var(--bzu-input)">
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="xs" c="dimmed">
          Last {bars.length} crash points
        </Text>
        <Text size="xs" c="dimmed" data-testid="crash-graph-summary">
          {high} of {bars.length} at 2x or more
        </Text>
      </Group>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`Crash points of the last ${bars.length} rounds, oldest first: ${bars.map((bar) => bar.label.replace(/^Round \d+: /, '')).join(', ')}`}
        data-testid="crash-history-graph"
        data-points={bars.length}
      >
        {bars.map((bar, index) => (
          <rect
            key={bar.id}
            x={index * (BAR + GAP)}
            y={HEIGHT - bar.height * HEIGHT}
            width={BAR}
            height={bar.height * HEIGHT}
            rx={1.5}
            fill={`var(--mantine-color-${bar.color}-6)`}
            data-round={bar.number}
          >
            <title>{bar.label}</title>
          </rect>
        ))}
        {/* The 2x line: bars above it doubled a stake. */}
        <line
          x1={0}
          x2={width}
          y1={twoX}
          y2={twoX}
          stroke="var(--mantine-color-gray-5)"
          strokeDasharray="4 3"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </Paper>
  );
}
