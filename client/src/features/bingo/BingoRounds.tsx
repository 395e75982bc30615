import { Badge, Button, Code, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../trpc';
import type { RouterOutputs } from '../../lib/router-types';
import { formatAmount } from '../../lib/money';
import { ballLabel, PRIZE_NAMES, type RoomBet } from './bingo-room';
import { verifyBingoRound, type BingoCheck, type PublishedPot } from './bingo-verify';
import type { Prize } from '../../../../server/src/domain/games/rules/bingo';

type Chain = NonNullable<RouterOutputs['bingo']['chain']>;
/** An ended game as the round views publish it (RoundService: the game's publicResult is spread into the view). */
type PastGame = RouterOutputs['bingo']['rounds']['rounds'][number] & { balls?: number[]; called?: number; pots?: Record<string, PublishedPot> };

/** The recent games; each opens its draw, its winners and the verifier. */
export function BingoRounds({ chain }: { chain: Chain | null }) {
  const recent = trpc.bingo.rounds.useQuery({ limit: 12 }, { staleTime: 0 });
  const [shown, setShown] = useState<PastGame | null>(null);
  const games = (recent.data?.rounds ?? []) as PastGame[];
  return (
    <>
      <Group gap={6} wrap="nowrap" style={{ overflow: 'hidden' }} aria-label="Recent games" data-testid="bingo-history">
        {games.length === 0 ? (
          <Text size="xs" c="dimmed">
            No games played yet.
          </Text>
        ) : (
          games.map((game) => (
            <Badge
              key={game.id}
              component="button"
              type="button"
              onClick={() => setShown(game)}
              color={game.state === 'cancelled' ? 'gray' : 'blue'}
              variant="light"
              tt="none"
              style={{ cursor: 'pointer', flexShrink: 0 }}
              aria-label={`Game ${game.number} details`}>
              {game.state === 'cancelled' ? `#${game.number} void` : `#${game.number} · ${game.called ?? 0} balls`}
            </Badge>
          ))
        )}
      </Group>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown ? `Game ${shown.number}` : ''} size="lg">
        {shown ? <GameDetails game={shown} chain={chain} previous={games.find((g) => g.number === shown.number - 1)} /> : null}
      </Modal>
    </>
  );
}

function GameDetails({ game, chain, previous }: { game: PastGame; chain: Chain | null; previous?: PastGame }) {
  const details = trpc.bingo.round.useQuery({ id: game.id });
  const [hash, setHash] = useState(game.hash ?? '');
  const [previousHash, setPreviousHash] = useState(game.number === 1 ? (chain?.terminalHash ?? '') : (previous?.hash ?? ''));
  const [salt, setSalt] = useState(chain?.salt ?? '');
  const [check, setCheck] = useState<BingoCheck | string | null>(null);
  const bets = (details.data?.bets ?? []) as (RoomBet & { payout?: string })[];
  const nameOf = (betId: string) => bets.find((bet) => bet.betId === betId)?.userName ?? `bet ${betId}`;
  async function verify() {
    try {
      setCheck(await verifyBingoRound({ hash, previousHash, salt, balls: game.balls ?? [], bets, pots: game.pots ?? {} }));
    } catch (error) {
      setCheck(error instanceof Error ? error.message : 'Could not verify');
    }
  }
  return (
    <Stack gap="sm" data-testid="bingo-round-details">
      <Text size="sm">
        {game.state === 'cancelled' ? 'Cancelled before its draw: every card refunded.' : `${game.called ?? 0} balls drawn.`}
        {game.startedAt ? ` Started ${new Date(game.startedAt).toLocaleString()}.` : ''}
      </Text>
      {game.balls?.length ? (
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
          {game.balls.map(ballLabel).join(' ')}
        </Text>
      ) : null}
      {Object.entries(game.pots ?? {}).map(([currency, pot]) => (
        <Table key={currency} fz="xs" verticalSpacing={2} data-testid="bingo-round-winners">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                {currency} pot {formatAmount(pot.pot, currency)}
              </Table.Th>
              <Table.Th>Ball</Table.Th>
              <Table.Th>Winners</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pot.prizes.map((prize) => (
              <Table.Tr key={prize.prize}>
                <Table.Td>
                  {PRIZE_NAMES[prize.prize as Prize]} {formatAmount(prize.amount, currency)}
                </Table.Td>
                <Table.Td>{prize.ball}</Table.Td>
                <Table.Td>{prize.winners.map((w) => `${nameOf(w.betId)} (card ${w.card + 1}) ${w.amount}`).join(', ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ))}
      <Text size="xs" c="dimmed">
        Hash
      </Text>
      <Code block style={{ wordBreak: 'break-all' }}>
        {game.hash}
      </Code>
      <Text fw={600} size="sm" mt="sm">
        Verify in your browser
      </Text>
      <TextInput label="Game hash" value={hash} onChange={(e) => setHash(e.currentTarget.value)} size="xs" />
      <TextInput
        label={game.number === 1 ? 'Terminal hash (published before game 1)' : `Hash of game ${game.number - 1}`}
        value={previousHash}
        onChange={(e) => setPreviousHash(e.currentTarget.value)}
        size="xs"
      />
      <TextInput label="Salt" value={salt} onChange={(e) => setSalt(e.currentTarget.value)} size="xs" />
      <Button size="xs" variant="light" onClick={() => void verify()} disabled={!details.data} data-testid="bingo-verify">
        Verify
      </Button>
      {check === null ? null : typeof check === 'string' ? (
        <Text c="red" size="sm">
          {check}
        </Text>
      ) : (
        <Text size="sm" data-testid="bingo-verify-result">
          {check.linked ? 'Chain link OK' : 'Chain link BROKEN'}. Draw {check.drawMatches ? 'matches' : 'DOES NOT match'} the balls called. Winners and
          amounts {check.winnersMatch ? 'match' : 'DO NOT match'} the cards and the draw. Draw order: {check.draw.join(' ')}
        </Text>
      )}
    </Stack>
  );
}
