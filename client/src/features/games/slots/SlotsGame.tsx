import { Badge, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { SLOT_STRIPS, SLOT_SYMBOL_NAMES, type SlotsOutcome } from '../../../../../server/src/domain/games/slots/rules';
import { trpcClient } from '../../../trpc';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';
import { formatMultiplier } from '../../bets/bet-format';
import { newClientBetId, untilShown, useRevealedBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { GameLayout } from '../../game-panel/GameLayout';
import { useInstantBets } from '../../game-panel/instant-bets';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';
import { Paytable } from './Paytable';
import { SlotReels, lineColour, type ReelsSpin } from './SlotReels';
import { spinSchedule } from './slot-view';
import classes from './SlotsGame.module.css';
import { formatAmount } from '../../../lib/money';

/** A first screen that looks like a slot: a stop per reel that shows a mix of symbols. */
const OPENING_STOPS = [3, 6, 4, 7, 2];

interface Shown {
  bet: BetView | null;
  /** The spin on the reels (0 the paid spin). */
  index: number;
  landed: boolean;
  spin: ReelsSpin;
}

/** A win in 1e-8 units: stake x the spin multipliers so far (each a multiple of 1/4, so exact in twentieths). */
function winUnits(stake: string, multipliers: string[]): bigint {
  const units = toUnits(stake) ?? 0n;
  const twentieths = multipliers.reduce((sum, m) => sum + BigInt(Math.round(Number(m) * 20)), 0n);
  return (units * twentieths) / 20n;
}

export function SlotsGame() {
  const [recent, setRecent] = useState<BetView[]>([]);
  const [shown, setShown] = useState<Shown>({
    bet: null,
    index: 0,
    landed: true,
    spin: { key: 0, stops: OPENING_STOPS, previous: null, reelMs: null },
  });
  const [done, setDone] = useState<BetView | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const stopsOnScreen = useRef(OPENING_STOPS);
  const betCall = trpcClient.games.slots.bet;
  const instant = useInstantBets();
  const play = useRevealedBet();
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  function showSpin(bet: BetView, index: number, reelMs: number[] | null) {
    const spin = (bet.outcome as unknown as SlotsOutcome).spins[index]!;
    const previous = stopsOnScreen.current;
    stopsOnScreen.current = spin.stops;
    setShown((current) => ({
      bet,
      index,
      landed: reelMs === null,
      spin: { key: current.spin.key + 1, stops: spin.stops, previous, reelMs },
    }));
  }

  async function placeBet(stake: Stake) {
    timers.current.forEach(clearTimeout);
    timers.current = [];
    setDone(null);
    const { onAnswer, shown: onScreen } = untilShown<{ bet: BetView; balance: string }>((answer) => {
      const spins = (answer.bet.outcome as unknown as SlotsOutcome).spins;
      const finish = () => {
        setDone(answer.bet);
        setRecent((list) => pushRecent(list, answer.bet));
      };
      if (instant) {
        showSpin(answer.bet, spins.length - 1, null);
        return { delayMs: 0, show: finish };
      }
      const schedule = spinSchedule(spins);
      schedule.forEach((timing, index) => {
        timers.current.push(setTimeout(() => showSpin(answer.bet, index, timing.reelMs), timing.startAt));
        timers.current.push(
          setTimeout(
            () =>
              setShown((current) =>
                current.index === index && current.bet?.id === answer.bet.id ? { ...current, landed: true } : current,
              ),
            timing.landAt,
          ),
        );
      });
      return { delayMs: schedule.at(-1)!.landAt, show: finish };
    });
    const result = await play(
      stake.currency,
      () => betCall.mutate({ ...stake, clientBetId: newClientBetId() }),
      onAnswer,
    );
    if (result) await onScreen;
    return result?.bet ?? null;
  }

  const outcome = shown.bet ? (shown.bet.outcome as unknown as SlotsOutcome) : null;
  const spin = outcome?.spins[shown.index] ?? null;
  const freeAwarded = outcome ? outcome.spins.slice(0, shown.index + 1).reduce((n, s) => n + s.freeSpinsWon, 0) : 0;
  const wonSoFar =
    outcome && shown.bet
      ? winUnits(
          shown.bet.amount,
          outcome.spins.slice(0, shown.landed ? shown.index + 1 : shown.index).map((s) => s.multiplier),
        )
      : 0n;
  const banner =
    shown.landed && spin && spin.freeSpinsWon > 0
      ? `${shown.index === 0 ? '' : '+'}${spin.freeSpinsWon} FREE SPINS`
      : null;

  const board = (
    <Stack gap="sm">
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      <div className={classes.machine}>
        <SlotReels
          spin={shown.spin}
          landed={shown.landed}
          lines={shown.landed && spin ? spin.lines : []}
          showScatters={shown.landed && (spin?.scatter.multiplier ?? '0') !== '0'}
          banner={banner}
        />
        <div className={classes.status}>
          {shown.index > 0 && outcome && shown.bet ? (
            <Badge size="lg" color="grape" variant="filled" data-testid="free-spins">
              Free spin {shown.index} of {freeAwarded} · {formatAmount(fromUnits(wonSoFar), shown.bet.currency)}{' '}
              {shown.bet.currency}
            </Badge>
          ) : (
            <span />
          )}
          {done ? (
            <Text
              fw={800}
              c={done.state === 'won' ? 'yellow.4' : 'gray.4'}
              data-testid="slots-outcome"
              aria-live="polite"
            >
              {Number(done.payout) > 0
                ? `Win ${formatAmount(done.payout, done.currency)} ${done.currency} (${formatMultiplier(done.multiplier)})`
                : 'No win'}
              {(done.outcome as { capped?: boolean }).capped ? ' - profit limit reached' : ''}
            </Text>
          ) : (
            <Text size="sm" c="gray.5">
              {shown.landed ? '20 lines · wilds · free spins' : 'Good luck!'}
            </Text>
          )}
        </div>
      </div>
      {shown.landed && spin && (spin.lines.length > 0 || spin.scatter.multiplier !== '0') && shown.bet ? (
        <Group gap={6} data-testid="line-wins">
          {spin.lines.map((win) => (
            <Badge key={win.line} variant="light" style={{ borderLeft: `4px solid ${lineColour(win.line)}` }}>
              Line {win.line}: {win.count} × {SLOT_SYMBOL_NAMES[win.symbol]} · {win.multiplier}x
            </Badge>
          ))}
          {spin.scatter.multiplier !== '0' ? (
            <Badge variant="light" color="grape">
              {spin.scatter.count} scatters · {spin.scatter.multiplier}x
            </Badge>
          ) : null}
        </Group>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Reels of {SLOT_STRIPS.map((reel) => reel.length).join(', ')} symbols; your seeds pick each stop.
        </Text>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconInfoCircle size={14} aria-hidden />}
          onClick={() => setInfoOpen((open) => !open)}
          aria-expanded={infoOpen}
          data-testid="paytable-toggle"
        >
          Pay table and rules
        </Button>
      </Group>
      <Collapse expanded={infoOpen}>
        <Paytable />
      </Collapse>
    </Stack>
  );

  const panel = <BetPanel game="slots" placeBet={placeBet} autobet animated betLabel="Spin" />;

  return (
    <GameLayout
      slug="slots"
      title="Slots"
      description="Five reels, twenty lines: wilds stand in, three scatters award free spins at double pay, and free spins retrigger."
      panel={panel}
      board={board}
    />
  );
}
