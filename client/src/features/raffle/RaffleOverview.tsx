import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGift } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatDecimal } from '../../lib/decimal';
import { trpc } from '../../trpc';
import { openAuthModal } from '../auth/auth-modal-store';
import { useSession } from '../auth/session-store';
import { formatDateTime } from '../../lib/datetime';
import { formatChance, formatCountdown, ticketsLabel } from './raffle-format';
import { useNow, type CurrentRaffle, type RaffleMine } from './use-raffle';
import { Figure } from '../../components/Figure';
import { formatAmount, formatMoney } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

/** An estimate in dollars, to the cent (the exact amounts are fixed when the raffle closes). */
export function estimateUsd(value: string): string {
  return `$${formatDecimal(value, 2) ?? value}`;
}

/** A paid amount in dollars, exactly as the ledger holds it. */
export function exactUsd(value: string): string {
  return `$${formatMoney(value, 2)}`;
}

const STATUS_TEXT: Record<string, string> = { open: 'Open', closed: 'Drawing', drawn: 'Drawn' };

/** Time left until the raffle closes; when it has passed, the page refetches until the draw shows up. */
function Countdown({ closesAt, onElapsed }: { closesAt: string; onElapsed: () => void }) {
  const now = useNow(1000);
  const left = new Date(closesAt).getTime() - now;
  const elapsed = left <= 0;
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
        {elapsed ? 'Draw in progress' : 'Draw in'}
      </Text>
      <Text
        fz={{ base: 26, sm: 30 }}
        fw={800}
        ff="monospace"
        data-testid="raffle-countdown"
        aria-live="off"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatCountdown(left)}
      </Text>
      <Text size="xs" c="dimmed">
        Closes {formatDateTime(closesAt)}
      </Text>
    </Stack>
  );
}

/** The raffle's highlighted panel (the page's headline, the casino's card): the theme's accent fading into the card. */
export function RaffleHighlight({
  labelledBy,
  testId,
  children,
}: {
  labelledBy: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={labelledBy}
      data-testid={testId}
      style={{
        background:
          'linear-gradient(135deg, color-mix(in srgb, var(--bzu-accent) 28%, var(--bzu-card)) 0%, var(--bzu-card) 70%)',
      }}
    >
      {children}
    </Paper>
  );
}

/** The raffle's headline: pool (revenue share + carried jackpot), countdown, players and tickets. */
export function RaffleHero({ raffle, onElapsed }: { raffle: NonNullable<CurrentRaffle>; onElapsed: () => void }) {
  return (
    <RaffleHighlight labelledBy="raffle-pool-title" testId="raffle-hero">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge variant="filled" size="lg" data-testid="raffle-id">
              Raffle #{raffle.id}
            </Badge>
            <Badge
              variant="light"
              color={raffle.status === 'open' ? 'teal' : 'yellow'}
              size="lg"
              data-testid="raffle-status"
            >
              {STATUS_TEXT[raffle.status] ?? raffle.status}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            Opened {formatDateTime(raffle.opensAt)}
          </Text>
        </Group>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="lg">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="raffle-pool-title">
              Prize pool (estimated)
            </Text>
            <Title order={2} fz={{ base: 34, sm: 44 }} fw={900} lh={1.05} data-testid="raffle-pool">
              {estimateUsd(raffle.pool.estimated)}
            </Title>
            <Text size="sm" c="dimmed">
              {estimateUsd(raffle.pool.revenueShare)} from house revenue + {estimateUsd(raffle.pool.jackpot)} rolling
              jackpot
            </Text>
          </Stack>
          <Countdown closesAt={raffle.closesAt} onElapsed={onElapsed} />
        </Group>
        <Group gap="xl" wrap="wrap">
          <Figure label="Players" value={raffle.players.toLocaleString('en-US')} testId="raffle-players" />
          <Figure
            label="Tickets in the draw"
            value={raffle.totalTickets.toLocaleString('en-US')}
            testId="raffle-total-tickets"
          />
          <Figure label="Prizes" value={String(raffle.prizes.length)} testId="raffle-prize-count" />
        </Group>
      </Stack>
    </RaffleHighlight>
  );
}

function Breakdown({ mine, rule }: { mine: RaffleMine; rule: NonNullable<CurrentRaffle>['ticketRule'] }) {
  const fromHolding = mine.holderBonus;
  const fromFree = mine.freeEntry ? 1 : 0;
  const fromWagers = Math.max(0, mine.tickets - fromHolding - fromFree);
  const rows = [
    {
      label: 'From wagers',
      value: fromWagers,
      detail: `$${formatAmount(mine.wageredUsd, 'USD')} and ${formatAmount(mine.wageredBzu, 'BZU')} BZU wagered (1 per $${formatMoney(rule.usdPerTicket, 0)}${/^0(\.0*)?$/.test(rule.bzuPerTicket) ? '' : ` / ${formatMoney(rule.bzuPerTicket, 0)} BZU`})`,
      testId: 'mine-from-wagers',
    },
    {
      label: 'Holder bonus',
      value: fromHolding,
      detail: 'by your BZU holder tier at closing',
      testId: 'mine-holder-bonus',
    },
    {
      label: 'Free entry',
      value: fromFree,
      detail: mine.freeEntry ? 'claimed' : 'not claimed yet',
      testId: 'mine-free-entry',
    },
  ];
  return (
    <Stack gap={6}>
      {rows.map((row) => (
        <Group key={row.label} justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Text size="sm">{row.label}</Text>
            <Text size="xs" c="dimmed">
              {row.detail}
            </Text>
          </Stack>
          <Text fw={700} ff="monospace" data-testid={row.testId}>
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The player's tickets, where they come from, the chance to win and the free entry. */
export function MyTickets({ raffle }: { raffle: NonNullable<CurrentRaffle> }) {
  const { isSignedIn } = useSession();
  const utils = trpc.useUtils();
  const claim = trpc.raffle.claimFreeEntry.useMutation({
    onSuccess: (mine) => {
      utils.raffle.current.setData(undefined, (current) => (current ? { ...current, mine } : current));
      void utils.raffle.current.invalidate();
      notifications.show({ color: 'teal', message: 'Free entry claimed: one more ticket in this draw.' });
    },
  });
  const mine = raffle.mine;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="my-tickets-title"
      data-testid="my-tickets"
      h="100%"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="my-tickets-title">
          Your tickets
        </Title>
        {!isSignedIn || !mine ? (
          <>
            <Text size="sm" c="dimmed">
              Log in to see your tickets and claim your free daily entry.
            </Text>
            <Button onClick={() => openAuthModal('login')} w="fit-content">
              Log in
            </Button>
          </>
        ) : (
          <>
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <Stack gap={0}>
                <Text fz={40} fw={900} lh={1} data-testid="mine-tickets">
                  {mine.tickets.toLocaleString('en-US')}
                </Text>
                <Text size="xs" c="dimmed">
                  {mine.tickets === 1 ? 'ticket' : 'tickets'} of {ticketsLabel(raffle.totalTickets)}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fz={22} fw={800} data-testid="mine-win-chance">
                  {formatChance(mine.winChance)}
                </Text>
                <Text size="xs" c="dimmed">
                  chance to win a prize
                </Text>
              </Stack>
            </Group>
            <Breakdown mine={mine} rule={raffle.ticketRule} />
            <ErrorAlert error={claim.error} title="Could not claim the free entry" />
            {mine.freeEntry ? (
              <Badge variant="light" color="teal" size="lg" data-testid="free-entry-claimed">
                Free entry claimed
              </Badge>
            ) : raffle.status === 'open' ? (
              <Button
                onClick={() => claim.mutate()}
                loading={claim.isPending}
                leftSection={<IconGift size={16} aria-hidden />}
                data-testid="claim-free-entry"
              >
                Claim free entry
              </Button>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The current raffle at the top of the page: headline and the player's tickets side by side on wide screens. */
export function RaffleOverview({ raffle, onElapsed }: { raffle: NonNullable<CurrentRaffle>; onElapsed: () => void }) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, '820px': 2 }} spacing="md">
      <RaffleHero raffle={raffle} onElapsed={onElapsed} />
      <MyTickets raffle={raffle} />
    </SimpleGrid>
  );
}

export function NoRaffle() {
  return (
    <Alert variant="light" title="No raffle running" data-testid="no-raffle">
      The next raffle opens shortly; past draws stay below.
    </Alert>
  );
}
