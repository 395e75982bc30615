import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatAmount } from '../../lib/money';
import type { LiveRound, LiveRoundBet } from './use-live-round';

/** A column a game adds to the players table (crash's auto cash-out, the wheel's chips). */
export interface PlayersColumn {
  header: string;
  cell(bet: LiveRoundBet): ReactNode;
  right?: boolean;
}

interface RoundPlayersTableProps {
  /** The table's `data-testid` (`crash-players`). */
  testId: string;
  round: LiveRound | null;
  /** Columns before the stake and after it. */
  before?: PlayersColumn;
  after?: PlayersColumn;
  /** The last column: its header, its cells' `data-testid`, and what a winning bet shows (null: not a win yet). */
  result: { header: string; testId: string; win(bet: LiveRoundBet): ReactNode | null };
}

const cellOf = (column: PlayersColumn, bet: LiveRoundBet) =>
  column.right ? (
    <Table.Td ta="right" ff="monospace">
      {column.cell(bet)}
    </Table.Td>
  ) : (
    <Table.Td ff="monospace">{column.cell(bet)}</Table.Td>
  );

/** A round game's players this round: name, stake and outcome as they happen, with the columns the game adds. */
export function RoundPlayersTable({ testId, round, before, after, result }: RoundPlayersTableProps) {
  const bets = round?.bets ?? [];
  const outcome = (bet: LiveRoundBet) => {
    if (bet.refunded)
      return (
        <Badge size="sm" color="gray" variant="light">
          Refunded
        </Badge>
      );
    const win = result.win(bet);
    if (win !== null)
      return (
        <Text span c="teal" fw={700} inherit>
          {win}
        </Text>
      );
    return bet.state === 'lost' ? (
      <Text span c="red" inherit>
        Lost
      </Text>
    ) : (
      '-'
    );
  };
  return (
    <ScrollArea.Autosize mah={280} type="auto">
      <Table verticalSpacing={4} fz={{ base: 'xs', sm: 'sm' }} data-testid={testId} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Player</Table.Th>
            {before ? <Table.Th ta={before.right ? 'right' : undefined}>{before.header}</Table.Th> : null}
            <Table.Th ta="right">Bet</Table.Th>
            {after ? <Table.Th ta={after.right ? 'right' : undefined}>{after.header}</Table.Th> : null}
            <Table.Th ta="right">{result.header}</Table.Th>
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
                {before ? cellOf(before, bet) : null}
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(bet.amount, bet.currency)} {bet.currency}
                </Table.Td>
                {after ? cellOf(after, bet) : null}
                <Table.Td ta="right" ff="monospace" data-testid={result.testId}>
                  {outcome(bet)}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
