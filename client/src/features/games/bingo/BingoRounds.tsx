import { Stack, Table, Text } from '@mantine/core';
import { trpc } from '../../../trpc';
import type { RouterOutputs } from '../../../lib/router-types';
import { ChainVerifier, RoundHash, type ChainInputs } from '../../rounds/ChainVerifier';
import { RoundHistory } from '../../rounds/RoundHistory';
import { formatAmount } from '../../../lib/money';
import { ballLabel, PRIZE_NAMES, type RoomBet } from './bingo-room';
import { verifyBingoRound, type BingoCheck, type PublishedPot } from './bingo-verify';
import type { Prize } from '../../../../../server/src/domain/games/bingo/rules';

type Chain = NonNullable<RouterOutputs['bingo']['chain']>;
/** An ended game as the round views publish it (RoundService: the game's publicResult is spread into the view). */
type PastGame = RouterOutputs['bingo']['rounds']['rounds'][number] & {
  balls?: number[];
  called?: number;
  pots?: Record<string, PublishedPot>;
};

/** The recent games; each opens its draw, its winners and the verifier. */
export function BingoRounds({ chain }: { chain: Chain | null }) {
  const recent = trpc.bingo.rounds.useQuery({ limit: 12 }, { staleTime: 0 });
  const games = (recent.data?.rounds ?? []) as PastGame[];
  return (
    <RoundHistory
      rounds={games}
      label="Recent games"
      testId="bingo-history"
      noun="game"
      emptyText="No games played yet."
      badge={(game) =>
        game.state === 'cancelled'
          ? { text: `#${game.number} void`, color: 'gray' }
          : { text: `#${game.number} · ${game.called ?? 0} balls`, color: 'blue' }
      }
      details={(shown) => (
        <GameDetails game={shown} chain={chain} previous={games.find((g) => g.number === shown.number - 1)} />
      )}
    />
  );
}

function GameDetails({ game, chain, previous }: { game: PastGame; chain: Chain | null; previous?: PastGame }) {
  const details = trpc.bingo.round.useQuery({ id: game.id });
  const bets = (details.data?.bets ?? []) as (RoomBet & { payout?: string })[];
  const nameOf = (betId: string) => bets.find((bet) => bet.betId === betId)?.userName ?? `bet ${betId}`;
  const verify = (inputs: ChainInputs) =>
    verifyBingoRound({ ...inputs, balls: game.balls ?? [], bets, pots: game.pots ?? {} });
  return (
    <Stack gap="sm" data-testid="bingo-round-details">
      <Text size="sm">
        {game.state === 'cancelled'
          ? 'Cancelled before its draw: every card refunded.'
          : `${game.called ?? 0} balls drawn.`}
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
                <Table.Td>
                  {prize.winners.map((w) => `${nameOf(w.betId)} (card ${w.card + 1}) ${w.amount}`).join(', ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ))}
      <RoundHash hash={game.hash} />
      <ChainVerifier
        noun="game"
        round={game}
        chain={chain}
        previousHash={previous?.hash}
        verify={verify}
        disabled={!details.data}
        testId="bingo-verify"
        result={(check: BingoCheck) => (
          <>
            {check.linked ? 'Chain link OK' : 'Chain link BROKEN'}. Draw{' '}
            {check.drawMatches ? 'matches' : 'DOES NOT match'} the balls called. Winners and amounts{' '}
            {check.winnersMatch ? 'match' : 'DO NOT match'} the cards and the draw. Draw order: {check.draw.join(' ')}
          </>
        )}
      />
    </Stack>
  );
}
