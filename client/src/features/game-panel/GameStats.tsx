import { Group, Paper, Text } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatAmount } from '../../lib/money';

/** The player's own figures for one game (bets.stats), per currency played. */
export function GameStats({ game }: { game: string }) {
  const query = trpc.bets.stats.useQuery();
  const rows = (query.data ?? []).filter((row) => row.game === game);
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--bzu-card)" aria-label="Your stats for this game" component="section">
      <Group gap="xl" wrap="wrap">
        {rows.map((row) => (
          <Group key={row.currency} gap="lg" wrap="wrap">
            <Stat label={`Bets (${row.currency})`} value={String(row.count)} />
            <Stat label="Wagered" value={`${formatAmount(row.wagered, row.currency)} ${row.currency}`} />
            <Stat
              label="Profit"
              value={`${formatAmount(row.profit, row.currency)} ${row.currency}`}
              color={row.profit.startsWith('-') ? 'red' : 'teal'}
            />
          </Group>
        ))}
      </Group>
    </Paper>
  );
}

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700} ff="monospace" c={color}>
        {value}
      </Text>
    </div>
  );
}
