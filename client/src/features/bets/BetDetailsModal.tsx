import { Button, Code, CopyButton, Group, Modal, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconShieldCheck } from '@tabler/icons-react';
import { ButtonLink } from '../../components/router-links';
import { trpc } from '../../trpc';
import { verifySearchFromBet } from '../fairness/verify-link';
import { gamePath } from '../games/use-game-catalogue';
import { isKnownGame, isSeededGame } from './game-directory';
import { formatDateTime } from '../../lib/datetime';
import { BetResultBadge } from './BetCells';
import { betProfit, formatMultiplier, gameName, outcomeDetail, outcomeSummary } from './bet-format';
import type { BetView } from '../game-panel/bet-types';
import { closeBetDetails, useOverlays } from '../game-panel/overlay-store';
import { betResultKind } from '../game-panel/bet-state';
import { formatAmount } from '../../lib/money';

/** Mounted once in the layout; opened from My bets, the live feed and each game's recent results. */
export function BetDetailsHost() {
  const { bet } = useOverlays();
  return (
    <Modal
      opened={bet !== null}
      onClose={closeBetDetails}
      title={bet ? `${gameName(bet.game)} bet #${bet.id}` : ''}
      size="lg"
      centered
    >
      {bet ? <BetDetails initial={bet} /> : null}
    </Modal>
  );
}

/** A bet's figures, outcome and verifier: in the modal, and on its public page (/bets/<id>). */
export function BetDetails({ initial, onPage = false }: { initial: BetView; onPage?: boolean }) {
  // The fresh view: the server seed shows up here once the player has rotated.
  const fresh = trpc.bets.byId.useQuery({ id: initial.id }, { staleTime: 0 });
  const bet = fresh.data ?? initial;
  const profit = betProfit(bet);
  return (
    <Stack gap="md" data-testid="bet-details">
      <Group gap="xs">
        <BetResultBadge bet={bet} />
        <Text size="sm" c="dimmed" data-testid="details-player">
          {bet.username} - {formatDateTime(bet.createdAt)}
        </Text>
        {onPage ? null : (
          <ButtonLink
            to="/bets/$id"
            params={{ id: bet.id }}
            onClick={closeBetDetails}
            size="compact-sm"
            variant="subtle"
            ml="auto"
            data-testid="bet-page-link"
          >
            Open bet page
          </ButtonLink>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Bet" value={`${formatAmount(bet.amount, bet.currency)} ${bet.currency}`} />
        <Figure label="Multiplier" value={formatMultiplier(bet.multiplier)} testId="details-multiplier" />
        <Figure label="Payout" value={`${formatAmount(bet.payout, bet.currency)} ${bet.currency}`} />
        <Figure
          label="Profit"
          value={profit === null ? '-' : `${formatAmount(profit, bet.currency)} ${bet.currency}`}
        />
      </SimpleGrid>
      <div>
        <Text size="xs" c="dimmed">
          Outcome
        </Text>
        <Text fw={600} data-testid="details-outcome">
          {outcomeSummary(bet)}
        </Text>
        <OutcomeDetail bet={bet} />
        {betResultKind(bet) === 'partial' ? (
          <Text size="xs" c="dimmed" data-testid="details-partial">
            {formatAmount(bet.payout, bet.currency)} of the {formatAmount(bet.amount, bet.currency)} {bet.currency}{' '}
            staked came back.
          </Text>
        ) : null}
        {bet.state === 'refunded' ? (
          <Text size="xs" c="dimmed" data-testid="details-refunded">
            Its round never ran: the stake was given back, and it counts as neither a win nor a loss.
          </Text>
        ) : null}
      </div>
      {isKnownGame(bet.game) && !isSeededGame(bet.game) ? <RoundFairness bet={bet} /> : <SeedFairness bet={bet} />}
    </Stack>
  );
}

/** A round game's bet: its outcome is the public round's, verified from the hash chain on the game's page. */
function RoundFairness({ bet }: { bet: BetView }) {
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" data-testid="round-fairness">
        Round {String(bet.outcome.roundNumber ?? '?')} of {gameName(bet.game)}: the result comes from the public hash
        chain, not from your seed pair. Open the round on the game page to check its hash and recompute it.
      </Text>
      <ButtonLink
        to={gamePath({ slug: bet.game })}
        onClick={closeBetDetails}
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        variant="light"
      >
        Verify on the {gameName(bet.game)} page
      </ButtonLink>
    </Stack>
  );
}

function SeedFairness({ bet }: { bet: BetView }) {
  return (
    <>
      <Stack gap={6}>
        <SeedLine label="Server seed hash" value={bet.fairness.serverSeedHash} />
        <SeedLine label="Client seed" value={bet.fairness.clientSeed} />
        <SeedLine label="Nonce" value={String(bet.fairness.nonce)} />
        {bet.fairness.serverSeed ? (
          <SeedLine label="Server seed (revealed)" value={bet.fairness.serverSeed} />
        ) : (
          <Text size="xs" c="dimmed">
            The server seed is revealed when you rotate your seed pair; then this bet can be verified.
          </Text>
        )}
      </Stack>
      <ButtonLink
        to="/provably-fair"
        search={verifySearchFromBet(bet)}
        onClick={closeBetDetails}
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        variant="light"
        data-testid="verify-link"
      >
        Verify
      </ButtonLink>
    </>
  );
}

function OutcomeDetail({ bet }: { bet: BetView }) {
  const detail = outcomeDetail(bet);
  return detail ? (
    <Text size="xs" c="dimmed">
      {detail}
    </Text>
  ) : null;
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700} ff="monospace" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function SeedLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="center">
        <Code style={{ wordBreak: 'break-all', flex: 1 }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <Button variant="subtle" size="compact-xs" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
