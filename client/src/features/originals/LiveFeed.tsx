import { Paper, ScrollArea, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { trpc } from '../../trpc';
import { formatAmount } from '../wallet/money';
import { BetGameCell, BetStakeCells } from './BetCells';
import { betProfit } from './bet-format';
import type { BetView, LiveFeedKind } from './bet-types';
import { asFeedBet, mergeFeed } from './live-feed';
import { TableHeader } from '../../components/TableHeader';
import { formatClock } from '../../lib/datetime';

/** Recent bets of everyone (All) or the big ones (High rollers): backfill from bets.recent, then live from bets.onLive. */
export function LiveFeed() {
  const [feed, setFeed] = useState<LiveFeedKind>('all');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} bg="var(--bzu-card)" component="section" aria-labelledby="live-bets-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="live-bets-title">
          Live bets
        </Title>
        <Tabs value={feed} onChange={(value) => setFeed((value as LiveFeedKind | null) ?? 'all')}>
          <Tabs.List>
            <Tabs.Tab value="all">All bets</Tabs.Tab>
            <Tabs.Tab value="high-rollers">High rollers</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <FeedTable key={feed} feed={feed} />
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
    <ScrollArea type="auto">
      {/* On a phone the player and time give way, so the bet, multiplier and payout fit the screen. */}
      <Table verticalSpacing={6} striped data-testid={`live-feed-${feed}`} miw={{ base: 0, sm: 520 }} fz={{ base: 'xs', sm: 'sm' }}>
        <TableHeader columns={['Game', 'Player', 'Time']} numeric={['Bet', 'Multiplier', 'Payout']} wideOnly={['Player', 'Time']} />
        <Table.Tbody>
          {bets.map((bet) => {
            const profit = betProfit(bet);
            return (
              <Table.Tr key={bet.id}>
                <BetGameCell bet={bet} />
                <Table.Td visibleFrom="sm">
                  <Text size="sm" truncate maw={140}>
                    {bet.username}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c="dimmed">
                    {formatClock(bet.createdAt, { seconds: true })}
                  </Text>
                </Table.Td>
                <BetStakeCells bet={bet} />
                <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }} c={profit && !profit.startsWith('-') && profit !== '0' ? 'teal' : undefined}>
                  {formatAmount(bet.payout, bet.currency)} {bet.currency}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
