import { Button, Group, Kbd, Stack, Text, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ratio } from '../../../../../server/src/domain/games/shared/ratio';
import type { VideoPokerState } from '../../../../../server/src/domain/games/video-poker/rules';
import { formatAmount } from '../../../lib/money';
import { trpc } from '../../../trpc';
import { useIsSignedIn } from '../../auth/use-is-signed-in';
import { PlayingCard } from '../../cards/PlayingCard';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { formatMultiplier } from '../../bets/bet-format';
import { newClientBetId, runBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { useResumedRound } from '../../game-panel/use-resumed-round';
import { GameLayout } from '../../game-panel/GameLayout';
import { useHotkeysEnabled } from '../../game-panel/hotkeys';
import { keyTakenByTarget } from '../../game-panel/key-target';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';
import { playAutoRound } from './video-poker-autobet';
import {
  adviseHold,
  handLine,
  PAY_ROWS,
  shownCards,
  toggleHeld,
  valueOfHold,
  type HoldAdvice,
} from './video-poker-view';
import classes from './VideoPokerGame.module.css';

const POSITIONS = [0, 1, 2, 3, 4];

/** Video poker: the pay table, five cards to hold (click or keys 1-5), Deal then Draw, a suggested hold on request. */
export function VideoPokerGame() {
  const isSignedIn = useIsSignedIn();
  const active = trpc.games['video-poker'].active.useQuery(undefined, { enabled: isSignedIn, staleTime: 0 });
  const [round, setRound] = useState<BetView | null>(null);
  const [recent, setRecent] = useState<BetView[]>([]);
  const [pending, setPending] = useState<'draw' | null>(null);
  const start = trpc.games['video-poker'].start.useMutation();
  const draw = trpc.games['video-poker'].draw.useMutation();
  const [held, setHeld] = useState<number[]>([]);
  const [advice, setAdvice] = useState<HoldAdvice | null>(null);
  const [mode, setMode] = useState({ tab: 'manual', running: false });
  const onModeChange = useCallback((next: { tab: string; running: boolean }) => setMode(next), []);

  useResumedRound(active.data, round, setRound);

  /** Every step's bet, manual or automatic: the table shows it, and an ended round joins the recent results. */
  function finish(bet: BetView) {
    setRound(bet);
    if (bet.state !== 'open') setRecent((list) => pushRecent(list, bet));
  }

  const shown = round;
  const state = shown ? (shown.outcome as unknown as VideoPokerState) : null;
  const open = shown?.state === 'open';
  const cards = shownCards(state);
  const dealtKey = state?.dealt.join(',') ?? '';
  // A new hand starts with nothing held and no advice.
  useEffect(() => {
    setHeld([]);
    setAdvice(null);
  }, [dealtKey]);
  const heldShown = open ? held : (state?.held ?? []);

  async function placeBet(stake: Stake) {
    const result = await runBet(() => start.mutateAsync({ ...stake, clientBetId: newClientBetId() }));
    if (result) finish(result.bet);
    return result?.bet ?? null;
  }

  async function drawCards() {
    if (!shown || !open || pending !== null || mode.running) return;
    const betId = shown.id;
    setPending('draw');
    const result = await runBet(() => draw.mutateAsync({ betId, held }));
    setPending(null);
    if (result) finish(result.bet);
  }

  function toggle(position: number) {
    if (!open || pending !== null || mode.running) return;
    setHeld((list) => toggleHeld(list, position));
  }

  function suggest() {
    if (!state || !open) return;
    const next = advice ?? adviseHold(state.dealt);
    setAdvice(next);
    setHeld(next.held);
  }

  const placeAutoBet = (stake: Stake) =>
    playAutoRound({
      deal: () => runBet(() => start.mutateAsync({ ...stake, clientBetId: newClientBetId() })),
      draw: (betId, hold) => runBet(() => draw.mutateAsync({ betId, held: hold })),
      hold: (dealt) => adviseHold(dealt).held,
      onStep: finish,
    });

  // Keys 1-5 hold or release a card; they follow the panel's hotkeys switch, as every game key does.
  const hotkeys = useHotkeysEnabled();
  const toggleRef = useRef(toggle);
  toggleRef.current = toggle;
  useEffect(() => {
    if (!hotkeys) return;
    function onKey(event: KeyboardEvent) {
      if (keyTakenByTarget(event)) return;
      const position = ['Digit1', 'Digit2', 'Digit3', 'Digit4', 'Digit5'].indexOf(event.code);
      if (position < 0) return;
      event.preventDefault();
      toggleRef.current(position);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hotkeys]);

  const won = state?.hand;
  const ended = shown !== null && !open;
  const holdValue = useMemo(() => (advice && open ? valueOfHold(advice, held) : null), [advice, held, open]);

  const board = (
    <Stack gap="md" align="center" className={classes.table}>
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      <div className={classes.paytable} role="table" aria-label="Pay table" data-testid="vp-paytable">
        {PAY_ROWS.map((row) => (
          <div key={row.hand} role="row" className={classes.payRow} data-won={(ended && won === row.hand) || undefined}>
            <span role="cell">{row.name}</span>
            <span role="cell" className={classes.pays}>
              {row.pays}x
            </span>
          </div>
        ))}
      </div>
      <div className={classes.hand} role="group" aria-label="Your hand" data-testid="vp-hand">
        {POSITIONS.map((position) => {
          const isHeld = heldShown.includes(position);
          return (
            <UnstyledButton
              key={position}
              className={classes.slot}
              onClick={() => toggle(position)}
              disabled={!open || pending !== null || mode.running}
              aria-pressed={open ? isHeld : undefined}
              aria-label={`Card ${position + 1}${isHeld ? ', held' : ''}`}
              data-testid={`vp-card-${position}`}
              data-held={isHeld || undefined}
            >
              <span className={classes.heldBadge} aria-hidden>
                {isHeld ? 'HELD' : ''}
              </span>
              <PlayingCard
                card={cards[position]}
                width={92}
                mark={ended && won && won !== 'nothing' ? 'win' : undefined}
              />
              {hotkeys ? (
                <Kbd size="xs" className={classes.key}>
                  {position + 1}
                </Kbd>
              ) : null}
            </UnstyledButton>
          );
        })}
      </div>
      <Group gap="sm" justify="center">
        <Button
          variant="default"
          size="xs"
          onClick={suggest}
          disabled={!open || pending !== null || mode.running}
          data-testid="vp-suggest"
        >
          Suggested hold
        </Button>
        <Text size="sm" c="dimmed" data-testid="vp-hold-value" aria-live="polite">
          {holdValue
            ? `Expected return of this hold: ${formatMultiplier(holdValue)}`
            : open
              ? 'Click a card to hold it'
              : ''}
        </Text>
      </Group>
      <Text
        size="sm"
        fw={700}
        c={ended ? (shown.state === 'won' ? 'teal' : 'red') : undefined}
        data-testid="vp-result"
        aria-live="polite"
      >
        {ended && shown ? resultText(shown, won) : shown ? 'Hold the cards to keep, then draw' : 'Deal to start'}
      </Text>
    </Stack>
  );

  const panel = (
    <BetPanel
      game="video-poker"
      placeBet={placeBet}
      betLabel="Deal"
      autobet
      placeAutoBet={placeAutoBet}
      autoBlockedReason={open && !mode.running ? 'Finish the dealt hand first' : null}
      onModeChange={onModeChange}
      locked={open}
      profits={[{ label: 'Royal flush profit', multiplier: ratio(800n) }]}
      lockedStake={open && shown ? { amount: shown.amount, currency: shown.currency === 'BZU' ? 'BZU' : 'USD' } : null}
      onSpace={open && mode.tab === 'manual' ? () => void drawCards() : undefined}
      actionOverride={
        open && !mode.running ? (
          <Button
            size="lg"
            fullWidth
            color="teal"
            onClick={() => void drawCards()}
            loading={pending === 'draw'}
            data-testid="vp-draw"
          >
            Draw{held.length > 0 ? ` (hold ${held.length})` : ''}
          </Button>
        ) : undefined
      }
    />
  );

  return (
    <GameLayout
      slug="video-poker"
      title="Video Poker"
      description="Jacks or Better with the 9/6 full-pay table: deal five, hold any, draw once."
      panel={panel}
      board={board}
    />
  );
}

/** The ended round: the hand made and what it paid, exact from the server's amounts. */
function resultText(bet: BetView, hand: VideoPokerState['hand']): string {
  const line = handLine(hand);
  if (bet.state !== 'won') return line;
  return `${line}: ${formatAmount(bet.payout, bet.currency)} ${bet.currency}${bet.capped ? ' (max profit reached)' : ''}`;
}
