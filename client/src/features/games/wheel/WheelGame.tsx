import { Button, Group, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { segmentLabel, WHEEL_LAYOUT, type WheelValue } from '../../../../../server/src/domain/games/wheel/rules';
import { trpc } from '../../../trpc';
import { displayName, useSession } from '../../auth/session-store';
import { elapsedMs, type CrashClock } from '../../rounds/round-clock';
import { myBet, useLiveRound, type LiveRound } from '../../rounds/use-live-round';
import { ChipPicker } from '../../game-panel/ChipPicker';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';
import { applySettledBalance, newClientBetId, reportBetError, runBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { playAutoRound } from '../../rounds/round-autobet';
import { errorCode } from '../../../lib/api-error';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { RoundGameLayout } from '../../rounds/RoundGameLayout';
import { landedText, ValueSpots, WheelHistory, WheelPaytable, WheelPlayers } from './WheelParts';
import { wheelPose } from './wheel-spin';
import { scaledChips, stacksOf, type PlacedChip } from './wheel-stacks';
import { WheelSvg } from './WheelSvg';

/** The money wheel: chips on values during the betting window, one public spin (and its re-spins) per round. */
export function WheelGame() {
  const { round, clock } = useLiveRound('wheel');
  const session = useSession();
  const chain = trpc.wheel.chain.useQuery(undefined, { staleTime: 60_000 });
  const mutation = trpc.wheel.bet.useMutation();
  const [chips, setChips] = useState<PlacedChip[]>([]);
  const [lastChips, setLastChips] = useState<PlacedChip[]>([]);
  const [chipValue, setChipValue] = useState('1');
  const [currency, setCurrency] = useState('USD');
  /** The bet this page placed and its round (the one in betting, or the next when placed while the wheel spins). */
  const [placed, setPlaced] = useState<{ id: string; roundId: string } | null>(null);
  const mine = myBet(round, placed?.id ?? null, session.isSignedIn ? displayName(session.user) : null);
  // Placed but not in the round on screen yet (the table's read-back, or the next round's bet while this one spins).
  const waiting = placed !== null && !mine && (round?.state === 'running' || round?.id === placed.roundId);
  const queued = waiting && round?.state === 'running';
  const open = mine?.state === 'open' || waiting;
  const spin = useWheelSpin(round, clock);

  // The next round's window opened without this page's bet in it: the table is cleared, its chips kept for Rebet.
  // An autobet keeps its chips on the table from round to round.
  const nextRound = placed !== null && round?.state === 'betting' && round.id !== placed.roundId && !mine;
  const shownChips = useRef(chips);
  shownChips.current = chips;
  const autoRunning = useRef(false);
  useEffect(() => {
    if (!nextRound) return;
    if (!autoRunning.current) {
      setLastChips(shownChips.current);
      setChips([]);
    }
    setPlaced(null);
  }, [nextRound]);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const utils = trpc.useUtils();

  const onStakeChange = useCallback((stake: Stake) => setCurrency(stake.currency), []);
  const onModeChange = useCallback((mode: { running: boolean }) => {
    autoRunning.current = mode.running;
  }, []);
  const stacks = stacksOf(chips);
  const total = chips.reduce((sum, chip) => sum + chip.amount, 0n);

  function place(value: WheelValue) {
    const amount = toUnits(chipValue);
    if (amount === null || amount === 0n || open) return;
    setChips((list) => [...list, { value, amount }]);
  }

  async function placeBet(stake: Stake) {
    const body = [...stacks].map(([value, amount]) => ({ value, amount }));
    const result = await runBet(() =>
      mutation.mutateAsync({ currency: stake.currency, chips: body, clientBetId: newClientBetId() }),
    );
    if (result) setPlaced({ id: result.bet.id, roundId: String(result.bet.outcome.roundId) });
    return result?.bet ?? null;
  }

  /** Autobet: each bet (the table's chips scaled to the autobet's stake) rides one round and counts once it settled. */
  async function placeAutoBet(stake: Stake): Promise<BetView | null> {
    const total = toUnits(stake.amount);
    if (total === null) return null;
    const clientBetId = newClientBetId();
    try {
      return await playAutoRound<BetView>({
        place: async () => {
          const body = scaledChips(shownChips.current, total);
          const result = await mutation.mutateAsync({ currency: stake.currency, chips: body, clientBetId });
          applySettledBalance(stake.currency, result.balance);
          setPlaced({ id: result.bet.id, roundId: String(result.bet.outcome.roundId) });
          return result.bet;
        },
        read: (id) => utils.client.bets.byId.query({ id }),
        isClosed: (error) => errorCode(error) === 'BETTING_CLOSED',
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        alive: () => mounted.current,
      });
    } catch (error) {
      reportBetError(error);
      return null;
    }
  }

  const action = open ? (
    <Button fullWidth size="md" disabled data-testid="wheel-waiting">
      {queued ? 'Bet in: next round' : round?.state === 'running' ? 'Bet in: spinning' : 'Bet in: next spin'}
    </Button>
  ) : null;

  const panel = (
    <BetPanel
      game="wheel"
      placeBet={placeBet}
      autobet
      placeAutoBet={placeAutoBet}
      onModeChange={onModeChange}
      betLabel={round?.state === 'running' ? 'Bet (next round)' : 'Bet'}
      boardStake={fromUnits(total)}
      actionOverride={action}
      locked={open}
      onStakeChange={onStakeChange}
      blockedReason={chips.length === 0 ? 'Put chips on one or more values' : null}
    >
      <ChipPicker value={chipValue} onChange={setChipValue} />
      <Group grow gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => setChips((list) => list.slice(0, -1))}
          disabled={chips.length === 0 || open}
        >
          Undo
        </Button>
        <Button variant="default" size="xs" onClick={() => setChips([])} disabled={chips.length === 0 || open}>
          Clear
        </Button>
        <Button
          variant="default"
          size="xs"
          onClick={() => setChips(lastChips)}
          disabled={lastChips.length === 0 || open}
          title="Put the last round's chips back"
        >
          Rebet
        </Button>
      </Group>
    </BetPanel>
  );

  return (
    <RoundGameLayout
      slug="wheel"
      title="Money Wheel"
      description="One wheel for everyone, a spin about every 20 seconds: put chips on the numbers; 2x and 7x spin again and multiply the win."
      panel={panel}
      chain={chain.data}
    >
      <WheelHistory chain={chain.data ?? null} />
      <WheelSvg
        angleRef={spin.angleRef}
        highlight={spin.landedSegment}
        hub={
          spin.landedSegment === null
            ? ''
            : spin.final && spin.factor > 1
              ? `x${spin.factor}`
              : segmentLabel(WHEEL_LAYOUT[spin.landedSegment]!)
        }
      />
      <Text
        ta="center"
        fw={700}
        size="lg"
        aria-live="polite"
        data-testid="wheel-status"
        c={spin.final ? 'teal' : undefined}
      >
        {spin.status}
      </Text>
      <ValueSpots
        stacks={stacks}
        currency={currency}
        winner={spin.final ? spin.winner : null}
        disabled={open}
        onPlace={place}
      />
      <Title order={3} size="h5">
        Players this round
      </Title>
      <WheelPlayers round={round} />
      <Title order={3} size="h5">
        The wheel: 54 segments
      </Title>
      <Text size="xs" c="dimmed">
        Put chips on 1, 2, 4, 10 or 42: a win pays value:1 and returns the chip. On 2x or 7x the wheel spins again and
        the next number's win is multiplied (multipliers add up: 2x then 7x is x14). Each bet's return to player below
        is exact (fractions, re-spins included; at most 8 spins a round).
      </Text>
      <WheelPaytable />
    </RoundGameLayout>
  );
}

/**
 * The wheel's pose on this screen, every frame, from the round's start on the server's clock (rounds/round-clock), and the
 * status line: the countdown while betting, each spin's segment as it lands, the result.
 */
function useWheelSpin(round: LiveRound | null, clock: CrashClock) {
  const angleRef = useRef(0);
  const startAngle = useRef<{ id: string; angle: number } | null>(null);
  const [phase, setPhase] = useState<{ spin: number; landed: boolean } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const wheel = round?.wheel;
  const spinning =
    (round?.state === 'running' || round?.state === 'ended') && wheel && round.startedAt
      ? { id: round.id, startedAt: round.startedAt, spins: wheel.spins, ended: round.state === 'ended' }
      : null;
  const key = spinning ? `${spinning.id}:${spinning.ended}` : null;

  useEffect(() => {
    if (!spinning) {
      setPhase(null);
      return;
    }
    // Where this wheel stood when its round started: any start lands on the same segments.
    if (startAngle.current?.id !== spinning.id)
      startAngle.current = { id: spinning.id, angle: spinning.ended ? 0 : angleRef.current % 360 };
    const from = startAngle.current.angle;
    let frame = requestAnimationFrame(function tick() {
      const elapsed = spinning.ended ? Number.MAX_SAFE_INTEGER : elapsedMs(spinning.startedAt, clock);
      const pose = wheelPose(spinning.spins, elapsed, from);
      angleRef.current = pose.angle;
      setPhase((previous) =>
        previous?.spin === pose.spin && previous.landed === pose.landed
          ? previous
          : { spin: pose.spin, landed: pose.landed },
      );
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
    // The spins and start are fixed for a round id and state; the clock corrections land through `clock`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, clock]);

  const betting = round?.state === 'betting' || round?.state === 'queued';
  useEffect(() => {
    if (!betting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [betting]);

  const segments = spinning?.spins ?? [];
  const shown = phase && segments.length > 0 ? segments[Math.min(phase.spin, segments.length - 1)]! : null;
  const final = spinning !== null && phase !== null && phase.landed && phase.spin === segments.length - 1;
  let factor = 1;
  for (let k = 0; phase && k <= phase.spin && k < segments.length; k += 1) {
    const segment = WHEEL_LAYOUT[segments[k]!]!;
    if (segment.kind === 'multiplier' && (k < phase.spin || phase.landed)) factor *= segment.factor;
  }
  const landedSegment = phase?.landed && shown !== null ? shown : null;
  const secondsLeft = round?.bettingEndsAt
    ? Math.max(0, Math.ceil((Date.parse(round.bettingEndsAt) - now - clock.offsetMs) / 1000))
    : null;

  let status: string;
  if (!round) status = 'Waiting for the first round';
  else if (round.state === 'cancelled') status = 'Round cancelled: bets refunded';
  else if (betting)
    status = `Round ${round.number}: place your chips${secondsLeft !== null ? `, spins in ${secondsLeft} s` : ''}`;
  else if (!phase || shown === null) status = `Round ${round.number}: spinning…`;
  else if (final && wheel) status = `Round ${round.number}: landed on ${landedText(wheel)}`;
  else if (phase.landed) status = `${segmentLabel(WHEEL_LAYOUT[shown]!)}! Spinning again for x${factor}…`;
  else status = phase.spin === 0 ? `Round ${round.number}: spinning…` : `Re-spin ${phase.spin} for x${factor}…`;

  return { angleRef, status, final, landedSegment, factor, winner: final && wheel ? wheel.value : null };
}
