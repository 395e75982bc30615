import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { trpc } from '../../trpc';
import { openAuthModal } from '../auth/auth-modal-store';
import { useSession } from '../auth/session-store';
import { formatDateTime } from '../../lib/datetime';
import { marketLabel } from './sports-format';
import { SportsNav } from './SportsLayout';
import type { SportsBet } from './use-sports';
import { formatAmount } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

const STATUS_COLORS: Record<string, string> = {
  open: 'blue',
  won: 'green',
  lost: 'red',
  void: 'gray',
  cashed_out: 'grape',
};
const RESULT_COLORS: Record<string, string> = { won: 'green', lost: 'red', void: 'gray' };

function BetCard({ bet }: { bet: SportsBet }) {
  const utils = trpc.useUtils();
  const cashOut = trpc.sports.cashOut.useMutation({ onSettled: () => void utils.sports.bets.invalidate() });
  /** The cash-out value the player was shown when they asked: the server refuses it if the value has moved. */
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="md" bg="var(--bzu-card)" data-testid="sports-bet">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={700}>{bet.kind === 'multi' ? `${bet.legs.length}-fold multi` : 'Single'}</Text>
            <Badge color={STATUS_COLORS[bet.status] ?? 'gray'} variant="light" data-testid="bet-status">
              {bet.status.replace('_', ' ')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            #{bet.id} · {formatDateTime(bet.createdAt)}
          </Text>
        </Group>
        {bet.legs.map((leg) => (
          <Group key={leg.selectionId} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} lineClamp={1}>
                {leg.selection}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {marketLabel(leg.marketType, leg.line)} · {leg.event}
              </Text>
            </Stack>
            <Group gap={6} wrap="nowrap">
              {leg.result ? (
                <Badge size="xs" color={RESULT_COLORS[leg.result]} variant="light">
                  {leg.result}
                </Badge>
              ) : null}
              <Text ff="monospace" fw={600}>
                {leg.odds}
              </Text>
            </Group>
          </Group>
        ))}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            Stake{' '}
            <b>
              {formatAmount(bet.stake, bet.currency)} {bet.currency}
            </b>{' '}
            · odds <b>{bet.odds}</b>
          </Text>
          <Text size="sm">
            {bet.status === 'open' ? (
              <>
                Potential return <b>{formatAmount(bet.potentialReturn, bet.currency)}</b>
              </>
            ) : (
              <>
                Paid <b data-testid="bet-payout">{formatAmount(bet.payout, bet.currency)}</b> {bet.currency}
              </>
            )}
          </Text>
        </Group>
        {bet.status === 'open' ? (
          <Group justify="flex-end" gap="xs">
            {!bet.cashOut.available && bet.cashOut.reason ? (
              <Text size="xs" c="dimmed">
                {bet.cashOut.reason}
              </Text>
            ) : null}
            <Button
              size="xs"
              variant="light"
              color="grape"
              disabled={!bet.cashOut.available}
              loading={cashOut.isPending}
              onClick={() => bet.cashOut.value && setConfirming(bet.cashOut.value)}
            >
              {bet.cashOut.value
                ? `Cash out ${formatAmount(bet.cashOut.value, bet.currency)} ${bet.currency}`
                : 'Cash out'}
            </Button>
          </Group>
        ) : null}
        {confirming !== null ? (
          // Asked in the bet's own card, so the player sees which bet they are cashing out.
          <Alert
            color="grape"
            variant="light"
            role="alertdialog"
            aria-label="Cash out this bet?"
            data-testid="cash-out-confirm"
          >
            <Stack gap="xs">
              <Text size="sm" data-testid="cash-out-summary">
                Cash out {bet.legs.map((leg) => leg.selection).join(', ')} (
                {bet.kind === 'multi' ? `${bet.legs.length}-fold multi` : 'single'}, stake{' '}
                {formatAmount(bet.stake, bet.currency)} {bet.currency})? You receive{' '}
                <b>
                  {formatAmount(confirming, bet.currency)} {bet.currency}
                </b>{' '}
                now and the bet closes.
              </Text>
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                  Cancel
                </Button>
                <Button
                  size="xs"
                  color="grape"
                  loading={cashOut.isPending}
                  onClick={() =>
                    cashOut.mutate(
                      { betId: bet.id, expectedValue: confirming },
                      { onSettled: () => setConfirming(null) },
                    )
                  }
                  data-testid="confirm-action"
                >
                  Cash out {formatAmount(confirming, bet.currency)} {bet.currency}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <ErrorAlert error={cashOut.error} title="Not cashed out" />
      </Stack>
    </Paper>
  );
}

/** /sports/bets: the player's sports bets, open (with cash-out) or settled. Settlements arrive live. */
export function MyBetsPage() {
  const { isSignedIn } = useSession();
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const bets = trpc.sports.bets.useQuery({ status, limit: 50 }, { enabled: isSignedIn });
  return (
    <Stack gap={0}>
      <PageHeader title="My bets" />
      <SportsNav />
      {!isSignedIn ? (
        <PlaceholderState
          icon={IconTicket}
          title="Log in to see your bets"
          description="Your open and settled sports bets are listed here."
          actions={<Button onClick={() => openAuthModal('login')}>Log in</Button>}
        />
      ) : (
        <Stack gap="sm">
          <SegmentedControl
            value={status}
            onChange={(value) => setStatus(value as 'open' | 'settled')}
            data={[
              { value: 'open', label: 'Open' },
              { value: 'settled', label: 'Settled' },
            ]}
            aria-label="Bet status"
            maw={260}
          />
          <ErrorAlert error={bets.error} title="Could not load your bets" />
          {bets.data && bets.data.items.length === 0 ? (
            <Text c="dimmed">{status === 'open' ? 'No open bets.' : 'No settled bets yet.'}</Text>
          ) : null}
          {bets.data?.items.map((bet) => (
            <BetCard key={bet.id} bet={bet} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
