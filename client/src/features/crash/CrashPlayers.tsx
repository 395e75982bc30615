import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { CrashRound } from './use-crash-round';
import { formatAmount } from '../../lib/money';

/**
 * This round's players: stake, auto cash-out, and where each cashed out (or lost) as it happens. An auto cash-out the
 * running curve has passed is a sure win (the round has not crashed yet), shown at once; the bust settles it.
 */
export function CrashPlayers({ round, hundredths }: { round: CrashRound | null; hundredths: number | null }) {
  const bets = round?.bets ?? [];
  const passed = (auto: string | undefined) => auto !== undefined && hundredths !== null && Math.round(Number(auto) * 100) <= hundredths;
  return (
    <ScrollArea.Autosize mah={280} type="auto">
      <Table verticalSpacing={4} fz={{ base: 'xs', sm: 'sm' }} data-testid="crash-players" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Player</Table.Th>
            <Table.Th ta="right">Bet</Table.Th>
            <Table.Th ta="right">Auto</Table.Th>
            <Table.Th ta="right">Cashed out</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bets.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  No bets in this round yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            bets.map((bet) => (
              <Table.Tr key={bet.betId} data-state={bet.state}>
                <Table.Td maw={140} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {bet.userName}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(bet.amount, bet.currency)} {bet.currency}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {bet.autoCashout ? `${bet.autoCashout}x` : '-'}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" data-testid="crash-cashed-out">
                  {bet.refunded ? (
                    <Badge size="sm" color="gray" variant="light">
                      Refunded
                    </Badge>
                  ) : bet.cashedOutAt || (bet.state === 'open' && passed(bet.autoCashout)) ? (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Text span c="teal" fw={700} inherit>
                        {bet.cashedOutAt ?? bet.autoCashout}x
                      </Text>
                    </Group>
                  ) : bet.state === 'lost' ? (
                    <Text span c="red" inherit>
                      Lost
                    </Text>
                  ) : (
                    '-'
                  )}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
