import { Badge, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../lib/datetime';
import { formatAmount } from '../../lib/money';
import { formatCountdown } from '../raffle/raffle-format';
import { useNow } from '../raffle/use-raffle';
import type { RaceView } from './use-promotions';

/** Time left until a race ends; when it has passed, the page reads again until the final board shows. */
function RaceCountdown({ race, onElapsed }: { race: RaceView; onElapsed: () => void }) {
  const now = useNow(1000);
  const notStarted = new Date(race.startsAt).getTime() > now;
  const left = new Date(notStarted ? race.startsAt : race.endsAt).getTime() - now;
  const elapsed = !notStarted && left <= 0;
  const notified = useRef(false);
  useEffect(() => {
    if (elapsed && !notified.current) {
      notified.current = true;
      onElapsed();
    }
  }, [elapsed, onElapsed]);
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {notStarted ? 'Starts in' : elapsed ? 'Paying out' : 'Ends in'}
      </Text>
      <Text fz={{ base: 22, sm: 26 }} fw={800} ff="monospace" data-testid="race-countdown" aria-live="off">
        {formatCountdown(left)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(race.startsAt)} – {formatDateTime(race.endsAt)}
      </Text>
    </Stack>
  );
}

/** A race: its countdown, the prize table, the player's place and the board (top 100). */
export function RaceCard({
  race,
  viewerId,
  onElapsed,
}: {
  race: RaceView;
  viewerId: number | null;
  onElapsed: () => void;
}) {
  const games = race.games.length === 0 ? 'every original' : race.games.join(', ');
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--bzu-card)"
      component="section"
      aria-label={`Race ${race.name}`}
      data-testid={`race-${race.id}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {race.name}
              </Title>
              <Badge variant="light" color={race.finished ? 'gray' : 'green'}>
                {race.finished ? 'Finished' : 'Live'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Wager {race.currency} on {games}. Most wagered wins; on a tie, whoever reached the amount first.
            </Text>
          </Stack>
          {race.finished ? null : <RaceCountdown race={race} onElapsed={onElapsed} />}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Prizes{race.pool ? ` · pool ${formatAmount(race.pool, race.currency)} ${race.currency}` : ''}
            </Text>
            <Table verticalSpacing={2} fz="sm" aria-label={`Prizes of ${race.name}`}>
              <Table.Tbody>
                {race.prizes.map((prize) => (
                  <Table.Tr key={prize.place}>
                    <Table.Td>{prize.label}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatAmount(prize.amount, race.currency)} {race.currency}
                      {prize.sharePercent ? ` (${prize.sharePercent}%)` : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Your place
            </Text>
            <Text fz={26} fw={800} data-testid="race-mine">
              {race.mine ? `#${race.mine.place}` : '—'}
            </Text>
            <Text size="sm" c="dimmed" data-testid="race-mine-wagered">
              {race.mine
                ? `${formatAmount(race.mine.wagered, race.currency)} ${race.currency} wagered`
                : viewerId === null
                  ? 'Sign in and bet to join the race.'
                  : 'Place a bet on a counted game to join.'}
            </Text>
          </Stack>
        </SimpleGrid>
        <Board race={race} viewerId={viewerId} />
      </Stack>
    </Paper>
  );
}

function Board({ race, viewerId }: { race: RaceView; viewerId: number | null }) {
  if (race.board.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="race-board-empty">
        Nobody on the board yet.
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Table striped verticalSpacing={4} fz="sm" aria-label={`Leaderboard of ${race.name}`} data-testid="race-board">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>#</Table.Th>
            <Table.Th>Player</Table.Th>
            <Table.Th ta="right">Wagered</Table.Th>
            <Table.Th ta="right">Prize</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {race.board.map((row) => (
            <Table.Tr
              key={row.userId}
              data-testid="race-board-row"
              data-user-id={row.userId}
              fw={row.userId === viewerId ? 700 : undefined}
              bg={row.userId === viewerId ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>{row.place}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {row.username}
                {row.userId === viewerId ? ' (you)' : ''}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatAmount(row.wagered, race.currency)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {row.prize === '0' ? '—' : formatAmount(row.prize, race.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
