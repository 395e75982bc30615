import { Group, Paper, Text } from '@mantine/core';
import { AnchorLink } from '../../components/router-links';
import { formatAmount } from '../../lib/money';
import { trpc } from '../../trpc';
import { BetResultBadge } from './BetCells';
import { formatMultiplier, gameName } from './bet-format';

/** A bet posted in the Trollbox with "/bet <id>": its game, stake, multiplier and payout, linking to /bets/<id>. */
export function BetCard({ id }: { id: string }) {
  const bet = trpc.bets.byId.useQuery({ id }, { staleTime: 60_000, retry: false });
  return (
    <Paper withBorder radius="md" p="xs" mt={4} data-testid="chat-bet-card" bg="var(--bzu-input)">
      {bet.data ? (
        <Group gap="xs" wrap="wrap">
          <AnchorLink to="/bets/$id" params={{ id }} fw={700} size="sm">
            {gameName(bet.data.game)} bet #{id}
          </AnchorLink>
          <BetResultBadge bet={bet.data} size="xs" />
          <Text size="xs" ff="monospace">
            {formatAmount(bet.data.amount, bet.data.currency)} {bet.data.currency} ·{' '}
            {formatMultiplier(bet.data.multiplier)} · {formatAmount(bet.data.payout, bet.data.currency)}{' '}
            {bet.data.currency}
          </Text>
          <Text size="xs" c="dimmed">
            by {bet.data.username}
          </Text>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {bet.isError ? `Bet #${id} was not found` : `Bet #${id}…`}
        </Text>
      )}
    </Paper>
  );
}
