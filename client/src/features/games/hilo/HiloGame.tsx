import { Button, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  hiloActionError,
  hiloCanCashOut,
  hiloChoices,
  type HiloAction,
  type HiloState,
} from '../../../../../server/src/domain/games/hilo/rules';
import { trpc } from '../../../trpc';
import { useSession } from '../../auth/session-store';
import { PlayingCard } from '../../cards/PlayingCard';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { betProfit, formatMultiplier } from '../../bets/bet-format';
import { newClientBetId } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { GameLayout } from '../../game-panel/GameLayout';
import { useOpenRound } from '../../game-panel/open-round';
import { RecentResults } from '../../game-panel/RecentResults';
import { cashoutFigures, GUESS_LABELS, GUESS_MARKS, guessOptions } from './hilo-view';
import classes from './HiloGame.module.css';
import { formatAmount, formatSignedAmount } from '../../../lib/money';

/** Hilo: the current card big, the row of previous cards with the guesses, two guesses with their odds, skip, cash out. */
export function HiloGame() {
  const { isSignedIn } = useSession();
  const active = trpc.games.hilo.active.useQuery(undefined, { enabled: isSignedIn, staleTime: 0 });
  const { round, recent, pending, deal, step } = useOpenRound<HiloAction | 'cashout'>(active.data);
  const start = trpc.games.hilo.start.useMutation();
  const actions = {
    higherOrSame: trpc.games.hilo.higherOrSame.useMutation(),
    lowerOrSame: trpc.games.hilo.lowerOrSame.useMutation(),
    higher: trpc.games.hilo.higher.useMutation(),
    lower: trpc.games.hilo.lower.useMutation(),
    same: trpc.games.hilo.same.useMutation(),
    skip: trpc.games.hilo.skip.useMutation(),
  };
  const cashout = trpc.games.hilo.cashout.useMutation();

  const state = round ? (round.outcome as unknown as HiloState) : null;
  const open = round?.state === 'open';
  const cards = state?.cards ?? [];
  const current = cards.at(-1)?.card;
  const options = open ? guessOptions(cards) : [];
  const cashable = open && state !== null && hiloCanCashOut(state);
  const figures = open && round ? cashoutFigures(round.amount, cards) : null;

  const placeBet = (stake: Stake) => deal(() => start.mutateAsync({ ...stake, clientBetId: newClientBetId() }));

  async function play(action: HiloAction) {
    if (!round || !open || pending !== null || !state || hiloActionError(state, action)) return;
    await step(action, () => actions[action].mutateAsync({ betId: round.id }));
  }

  async function cashOut() {
    if (!round || !cashable || pending !== null) return;
    await step('cashout', () => cashout.mutateAsync({ betId: round.id }));
  }

  const ended = round !== null && !open;
  const board = (
    <Stack gap="md" align="center">
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      <div className={classes.table}>
        <div className={classes.current} data-testid="hilo-current" data-state={ended ? round.state : undefined}>
          <PlayingCard card={current} width={132} mark={ended ? (round.state === 'won' ? 'win' : 'loss') : undefined} />
        </div>
        <SimpleGrid cols={2} spacing="sm" w="100%" maw={420}>
          {(open ? options : placeholderOptions(current)).map((option) => (
            <UnstyledButton
              key={option.guess}
              className={classes.guess}
              onClick={() => void play(option.guess)}
              disabled={!open || pending !== null}
              data-testid={`hilo-guess-${option.guess}`}
              aria-label={`${option.label}, ${option.chance} chance, ${formatMultiplier(option.multiplier)}`}
            >
              <Text fw={700}>{option.label}</Text>
              <Text size="sm" c="dimmed">
                {option.chance}
              </Text>
              <Text size="sm" fw={600} c="teal.4">
                {option.multiplier === '-' ? '-' : formatMultiplier(option.multiplier)}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <Button
          variant="default"
          onClick={() => void play('skip')}
          disabled={!open || pending !== null || (state !== null && hiloActionError(state, 'skip') !== null)}
          loading={pending === 'skip'}
          data-testid="hilo-skip"
        >
          Skip card
        </Button>
      </div>
      <Group gap="lg" justify="center" aria-live="polite">
        <Text size="sm" data-testid="hilo-multiplier">
          Multiplier: <b>{state ? formatMultiplier(round?.capped ? round.multiplier : state.multiplier) : '-'}</b>
        </Text>
        <Text size="sm" data-testid="hilo-profit">
          Profit:{' '}
          <b>
            {figures && round
              ? `${formatAmount(figures.profit, round.currency)} ${round.currency}`
              : ended && round
                ? resultText(round)
                : '-'}
          </b>
        </Text>
      </Group>
      <div className={classes.history} role="list" aria-label="Cards of this round" data-testid="hilo-history">
        {cards.map((entry, i) => (
          <div
            key={i}
            role="listitem"
            className={classes.step}
            data-guess={entry.guess ?? 'start'}
            data-lost={entry.multiplier === '0.0000' || undefined}
          >
            <Text
              size="xs"
              c="dimmed"
              className={classes.mark}
              title={entry.guess ? GUESS_LABELS[entry.guess] : 'Start card'}
            >
              {entry.guess ? GUESS_MARKS[entry.guess] : 'Start'}
            </Text>
            <PlayingCard card={entry.card} width={48} mark={entry.multiplier === '0.0000' ? 'loss' : undefined} />
            <Text size="xs" fw={600}>
              {formatMultiplier(entry.multiplier)}
            </Text>
          </div>
        ))}
      </div>
    </Stack>
  );

  const panel = (
    <BetPanel
      game="hilo"
      placeBet={placeBet}
      locked={open}
      lockedStake={open && round ? { amount: round.amount, currency: round.currency === 'BZU' ? 'BZU' : 'USD' } : null}
      onSpace={open ? () => void cashOut() : undefined}
      actionOverride={
        open ? (
          <Button
            size="lg"
            fullWidth
            color="teal"
            onClick={() => void cashOut()}
            disabled={!cashable}
            loading={pending === 'cashout'}
            data-testid="hilo-cashout"
          >
            {cashable && figures && round
              ? `Cash out ${formatAmount(figures.payout, round.currency)} ${round.currency}`
              : 'Cash out'}
          </Button>
        ) : undefined
      }
    />
  );

  return (
    <GameLayout
      slug="hilo"
      title="Hilo"
      description="Guess whether the next card is higher or lower; every correct guess raises the multiplier."
      panel={panel}
      board={board}
    />
  );
}

/** No round in play: the guesses the card on show would offer, without odds. */
function placeholderOptions(card: number | undefined) {
  return hiloChoices(card ?? 20).map((guess) => ({ guess, label: GUESS_LABELS[guess], chance: '-', multiplier: '-' }));
}

/** The ended round's profit, exact from the server's amounts. */
function resultText(bet: BetView): string {
  return `${formatSignedAmount(betProfit(bet) ?? '0', bet.currency)} ${bet.currency}${bet.capped ? ' (max profit reached)' : ''}`;
}
