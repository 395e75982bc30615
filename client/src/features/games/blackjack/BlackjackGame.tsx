import { Badge, Button, Group, Kbd, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { BlackjackAction } from '../../../../../server/src/domain/games/blackjack/rules';
import { trpc } from '../../../trpc';
import { useSession } from '../../auth/session-store';
import { PlayingCard } from '../../cards/PlayingCard';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { formatMultiplier } from '../../bets/bet-format';
import { newClientBetId } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { GameLayout } from '../../game-panel/GameLayout';
import { useOpenRound } from '../../game-panel/open-round';
import { useHotkeysEnabled } from '../../game-panel/hotkeys';
import { keyTakenByTarget } from '../../game-panel/key-target';
import { RecentResults } from '../../game-panel/RecentResults';
import {
  ACTION_BUTTONS,
  actionForKey,
  handResult,
  totalLabel,
  type BlackjackOutcomeView,
  type HandView,
} from './blackjack-view';
import classes from './BlackjackGame.module.css';
import { formatAmount } from '../../../lib/money';

const outcomeOf = (bet: BetView | null) => (bet ? (bet.outcome as unknown as BlackjackOutcomeView) : null);

function Hand(props: {
  title: string;
  cards: number[];
  total: number;
  soft: boolean;
  live: boolean;
  faceDown?: boolean;
  hand?: HandView;
  testId: string;
}) {
  const { title, cards, total, soft, live, faceDown, hand, testId } = props;
  const result = hand ? handResult(hand) : null;
  const mark =
    hand?.state === 'won' || hand?.state === 'blackjack' ? 'win' : hand?.state === 'lost' ? 'loss' : undefined;
  return (
    <div
      className={classes.hand}
      data-active={hand?.state === 'playing' || undefined}
      data-testid={testId}
      aria-label={title}
    >
      <Group gap={6} justify="center" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {title}
        </Text>
        <Badge variant="light" color="gray" data-testid={`${testId}-total`}>
          {/* Both soft values only while the hand may still take a card; a finished hand counts its best. */}
          {totalLabel(total, soft && live)}
        </Badge>
        {hand?.doubled ? (
          <Badge variant="light" color="yellow">
            Doubled
          </Badge>
        ) : null}
      </Group>
      <div className={classes.cards}>
        {cards.map((card, i) => (
          <PlayingCard key={`${i}-${card}`} card={card} width={58} mark={mark} />
        ))}
        {faceDown ? <PlayingCard width={58} /> : null}
      </div>
      {result ? (
        <Text
          size="sm"
          fw={700}
          c={mark === 'win' ? 'teal' : mark === 'loss' ? 'red' : undefined}
          data-testid={`${testId}-result`}
        >
          {result}
        </Text>
      ) : !hand && total > 21 ? (
        <Text size="sm" fw={700} c="teal" data-testid={`${testId}-result`}>
          Dealer busts
        </Text>
      ) : hand?.state === 'playing' ? (
        <Text size="xs" c="teal">
          Your move
        </Text>
      ) : null}
    </div>
  );
}

/** Blackjack: deal, then the actions the round allows now (buttons and Q W E R A S); an open round resumes on reload. */
export function BlackjackGame() {
  const { isSignedIn } = useSession();
  const active = trpc.games.blackjack.active.useQuery(undefined, { enabled: isSignedIn, staleTime: 0 });
  const { round, recent, pending, deal, step } = useOpenRound<BlackjackAction>(active.data);
  const start = trpc.games.blackjack.start.useMutation();
  const mutations = {
    hit: trpc.games.blackjack.hit.useMutation(),
    stand: trpc.games.blackjack.stand.useMutation(),
    double: trpc.games.blackjack.double.useMutation(),
    split: trpc.games.blackjack.split.useMutation(),
    insurance: trpc.games.blackjack.insurance.useMutation(),
    noInsurance: trpc.games.blackjack.noInsurance.useMutation(),
  };

  const outcome = outcomeOf(round);
  const open = round?.state === 'open';
  const allowed = open ? (outcome?.actions ?? []) : [];

  const placeBet = (stake: Stake) => deal(() => start.mutateAsync({ ...stake, clientBetId: newClientBetId() }));

  async function perform(action: BlackjackAction) {
    if (!round || !open || pending !== null || !allowed.includes(action)) return;
    await step(action, () => mutations[action].mutateAsync({ betId: round.id }));
  }

  const performRef = useRef(perform);
  performRef.current = perform;
  const allowedRef = useRef(allowed);
  allowedRef.current = allowed;
  // The table's keys follow the panel's hotkeys switch: off until the player turns hotkeys on, so a stray key never plays.
  const hotkeys = useHotkeysEnabled();
  useEffect(() => {
    if (!hotkeys) return;
    function onKey(event: KeyboardEvent) {
      if (keyTakenByTarget(event)) return;
      const action = actionForKey(event.key, allowedRef.current);
      if (!action) return;
      event.preventDefault();
      void performRef.current(action);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hotkeys]);

  const dealer = outcome?.dealer;
  const board = (
    <Stack gap="lg" align="center" className={classes.table}>
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      {outcome && dealer ? (
        <>
          <Hand
            title="Dealer"
            cards={dealer.cards}
            total={dealer.total}
            soft={dealer.soft}
            live={open}
            faceDown={open && dealer.cards.length === 1}
            testId="bj-dealer"
          />
          {outcome.insurance?.state === 'offered' ? (
            <Text size="sm" fw={600} c="yellow" data-testid="bj-insurance">
              Dealer shows an ace: insurance costs {formatAmount(outcome.insurance.amount, round?.currency ?? 'USD')}{' '}
              {round?.currency} and pays 2:1
            </Text>
          ) : null}
          <SimpleGrid cols={outcome.hands.length} spacing="md" className={classes.hands}>
            {outcome.hands.map((hand, i) => (
              <Hand
                key={i}
                title={outcome.hands.length > 1 ? `Hand ${i + 1}` : 'You'}
                cards={hand.cards}
                total={hand.total}
                soft={hand.soft}
                live={open && (hand.state === 'playing' || hand.state === 'waiting')}
                hand={hand}
                testId={`bj-hand-${i}`}
              />
            ))}
          </SimpleGrid>
          {round && !open ? (
            <Text size="sm" fw={700} c={round.state === 'won' ? 'teal' : 'red'} data-testid="bj-result">
              {round.state === 'won'
                ? `Paid ${formatAmount(round.payout, round.currency)} ${round.currency}${round.capped ? ' (max profit reached)' : ''}`
                : `Lost ${formatAmount(round.amount, round.currency)} ${round.currency}`}
            </Text>
          ) : null}
        </>
      ) : (
        <Stack gap="md" align="center" className={classes.empty}>
          <Group gap={8}>
            <PlayingCard width={58} />
            <PlayingCard width={58} />
          </Group>
          <Text size="sm" c="dimmed" ta="center">
            Blackjack pays 3:2 · Dealer stands on all 17s · Insurance pays 2:1
          </Text>
        </Stack>
      )}
    </Stack>
  );

  const actionButtons = (
    // The insurance question gets a row per answer: "No insurance" does not fit half the panel.
    <SimpleGrid cols={allowed.includes('insurance') ? 1 : 2} spacing="xs" data-testid="bj-actions">
      {ACTION_BUTTONS.filter((b) => allowed.includes(b.action)).map((b) => (
        <Button
          key={b.action}
          variant={b.action === 'hit' || b.action === 'stand' ? 'filled' : 'default'}
          color={b.action === 'stand' ? 'teal' : undefined}
          onClick={() => void perform(b.action)}
          loading={pending === b.action}
          disabled={pending !== null && pending !== b.action}
          rightSection={hotkeys ? <Kbd size="xs">{b.key}</Kbd> : undefined}
          data-action={b.action}
          aria-keyshortcuts={hotkeys ? b.key : undefined}
        >
          {b.label}
        </Button>
      ))}
    </SimpleGrid>
  );

  const panel = (
    <BetPanel
      game="blackjack"
      placeBet={placeBet}
      betLabel="Deal"
      locked={open}
      lockedStake={open && round ? { amount: round.amount, currency: round.currency === 'BZU' ? 'BZU' : 'USD' } : null}
      onSpace={open ? () => undefined : undefined}
      profits={[{ label: 'Profit on blackjack', multiplier: { num: 5n, den: 2n } }]}
      actionOverride={open ? actionButtons : undefined}
    />
  );

  return (
    <GameLayout
      slug="blackjack"
      title="Blackjack"
      description="Beat the dealer to 21 without going over: hit, stand, double, split and insurance."
      panel={panel}
      board={board}
    />
  );
}
