import { Paper, ScrollArea, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { memo, useEffect, useState, type ReactNode } from 'react';
import { trpc } from '../../trpc';
import { useIsSignedIn } from '../auth/use-is-signed-in';
import { BetGameCell, BetResultBadge, BetStakeCells } from './BetCells';
import { profitColor } from '../game-panel/bet-state';
import { betProfit, gameName } from './bet-format';
import type { BetView, LiveFeedKind } from '../game-panel/bet-types';
import { asFeedBet, mergeFeed } from './live-feed';
import type { MyBetsSearch } from './my-bets-search';
import { openBetDetails } from '../game-panel/overlay-store';
import { TableHeader } from '../../components/TableHeader';
import { formatClock } from '../../lib/datetime';
import { formatAmount } from '../../lib/money';

type FeedTab = LiveFeedKind | 'mine';

/** How many of the player's own bets the in-game tab lists (the full history is /casino/my-bets). */
const MY_GAME_BETS = 20;

/**
 * Recent bets of everyone (All) or the big ones (High rollers): backfill from bets.recent, then live from bets.onLive.
 * Under a game (`game` given) a signed-in player also gets "My bets": their own bets of that game, newest first.
 */
export function LiveFeed({ game }: { game?: MyBetsSearch['game'] } = {}) {
  const isSignedIn = useIsSignedIn();
  const [tab, setTab] = useState<FeedTab>('all');
  const mine = game !== undefined && isSignedIn;
  const shown = tab === 'mine' && !mine ? 'all' : tab;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="live-bets-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="live-bets-title">
          {mine ? 'Bets' : 'Live bets'}
        </Title>
        <Tabs value={shown} onChange={(value) => setTab((value as FeedTab | null) ?? 'all')}>
          <Tabs.List>
            {mine ? <Tabs.Tab value="mine">My bets</Tabs.Tab> : null}
            <Tabs.Tab value="all">All bets</Tabs.Tab>
            <Tabs.Tab value="high-rollers">High rollers</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {shown === 'mine' && game ? (
          <MyGameBets game={game} />
        ) : (
          <FeedTable key={shown} feed={shown === 'mine' ? 'all' : shown} />
        )}
      </Stack>
    </Paper>
  );
}

function FeedTable({ feed }: { feed: LiveFeedKind }) {
  const recent = trpc.bets.recent.useQuery({ feed }, { staleTime: 0 });
  const [bets, setBets] = useState<BetView[]>([]);
  useEffect(() => {
    if (recent.data) setBets((current) => mergeFeed(current, recent.data));
  }, [recent.data]);
  trpc.bets.onLive.useSubscription(
    { feed },
    {
      onData: (event) => {
        const bet = asFeedBet<BetView>(event.data);
        if (bet) setBets((current) => mergeFeed(current, [bet]));
      },
    },
  );

  if (bets.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {recent.isPending ? 'Loading bets...' : 'No bets yet. Be the first.'}
      </Text>
    );
  }
  return (
    // On a phone the player and time give way, so the bet, multiplier and payout fit the screen.
    <BetsTable
      testId={`live-feed-${feed}`}
      columns={['Game', 'Player', 'Time']}
      numeric={['Bet', 'Multiplier', 'Payout']}
      wideOnly={['Player', 'Time']}
    >
      {bets.map((bet) => (
        <FeedRow key={bet.id} bet={bet} />
      ))}
    </BetsTable>
  );
}

/** A list of bets under a game: scrolls sideways on narrow screens, where the `wideOnly` columns give way. */
function BetsTable({
  testId,
  columns,
  numeric,
  wideOnly,
  children,
}: {
  testId: string;
  columns: string[];
  numeric: string[];
  wideOnly: string[];
  children: ReactNode;
}) {
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing={6} striped data-testid={testId} miw={{ base: 0, sm: 520 }} fz={{ base: 'xs', sm: 'sm' }}>
        <TableHeader columns={columns} numeric={numeric} wideOnly={wideOnly} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** When the bet was placed, to the second (wide screens only). */
function BetTimeCell({ bet }: { bet: BetView }) {
  return (
    <Table.Td visibleFrom="sm">
      <Text size="sm" c="dimmed">
        {formatClock(bet.createdAt, { seconds: true })}
      </Text>
    </Table.Td>
  );
}

/** One row, rendered once per bet: a new bet at the top must not re-render the rows under it. */
const FeedRow = memo(function FeedRow({ bet }: { bet: BetView }) {
  const profit = betProfit(bet);
  return (
    <Table.Tr>
      <BetGameCell bet={bet} />
      <Table.Td visibleFrom="sm">
        <Text size="sm" truncate maw={140}>
          {bet.username}
        </Text>
      </Table.Td>
      <BetTimeCell bet={bet} />
      <BetStakeCells bet={bet} />
      <Table.Td
        ta="right"
        ff="monospace"
        style={{ whiteSpace: 'nowrap' }}
        c={profit && !profit.startsWith('-') && profit !== '0' ? 'teal' : undefined}
      >
        {bet.state === 'refunded' ? <BetResultBadge bet={bet} size="sm" variant="light" /> : null}{' '}
        {formatAmount(bet.payout, bet.currency)} {bet.currency}
      </Table.Td>
    </Table.Tr>
  );
});

/** The player's own bets of this game; a row opens the bet's details, as on /casino/my-bets. */
function MyGameBets({ game }: { game: NonNullable<MyBetsSearch['game']> }) {
  const query = trpc.bets.mine.useQuery({ game, limit: MY_GAME_BETS }, { staleTime: 0 });
  const bets = query.data?.bets ?? [];
  if (bets.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="my-game-bets-empty">
        {query.isPending ? 'Loading your bets...' : `No ${gameName(game)} bets yet.`}
      </Text>
    );
  }
  return (
    <BetsTable
      testId="my-game-bets"
      columns={['Game', 'Time']}
      numeric={['Bet', 'Multiplier', 'Profit']}
      wideOnly={['Time']}
    >
      {bets.map((bet) => (
        <MyBetRow key={bet.id} bet={bet} />
      ))}
    </BetsTable>
  );
}

const MyBetRow = memo(function MyBetRow({ bet }: { bet: BetView }) {
  const profit = betProfit(bet);
  return (
    // The whole row opens the details (the game's name stays the keyboard's way in).
    <Table.Tr onClick={() => openBetDetails(bet)} style={{ cursor: 'pointer' }} data-testid="my-game-bet-row">
      <BetGameCell bet={bet} withBetId />
      <BetTimeCell bet={bet} />
      <BetStakeCells bet={bet} />
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {profit === null || bet.state === 'refunded' ? (
          <BetResultBadge bet={bet} variant="light" />
        ) : (
          <Text span size="sm" ff="monospace" fw={600} c={profitColor(bet)}>
            {formatAmount(profit, bet.currency)} {bet.currency}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
});
