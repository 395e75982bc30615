import { Button, Group, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  CRASH_MAX_TARGET,
  CRASH_MIN_TARGET,
  formatHundredths,
} from '../../../../../server/src/domain/games/crash/rules';
import { trpc } from '../../../trpc';
import { displayName, useSession } from '../../auth/session-store';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { applySettledBalance, newClientBetId, reportBetError, runBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { playAutoRound } from './crash-autobet';
import { RoundGameLayout } from '../../rounds/RoundGameLayout';
import { type CrashClock } from '../../rounds/round-clock';
import { cashoutAmount, multiplierNow } from './crash-clock';
import { CrashCanvas } from './CrashCanvas';
import { CrashHistoryGraph } from './CrashHistoryGraph';
import { CrashPlayers } from './CrashPlayers';
import { CrashRounds } from './CrashRounds';
import { myBet } from '../../rounds/use-live-round';
import { useCrashRound, type CrashRound, type CrashRoundBet } from './use-crash-round';
import { formatAmount } from '../../../lib/money';
import { errorCode } from '../../../lib/api-error';

/** "2", "2.5", "2.50" -> 250; null when it is not a target from 1.01x to 1,000,000x with at most 2 decimals. */
export function parseTarget(text: string): number | null {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text.trim())) return null;
  const hundredths = Math.round(Number(text) * 100);
  return hundredths >= CRASH_MIN_TARGET && hundredths <= CRASH_MAX_TARGET ? hundredths : null;
}

export function CrashGame() {
  const { round, clock } = useCrashRound();
  const running = useRunningMultiplier(round, clock);
  const session = useSession();
  const [autoText, setAutoText] = useState('');
  const [placedId, setPlacedId] = useState<string | null>(null);
  const bet = trpc.crash.bet.useMutation();
  const chain = trpc.crash.chain.useQuery(undefined, { staleTime: 60_000 });
  const autoTarget = autoText.trim() === '' ? undefined : parseTarget(autoText);
  const mine = myBet(round, placedId, session.isSignedIn ? displayName(session.user) : null);
  // A bet placed while a round runs rides the next one: it is not in this round's table yet.
  const queued = placedId !== null && !mine && round?.state === 'running';
  const open = mine?.state === 'open' || queued;

  const utils = trpc.useUtils();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Autobet: each bet rides one round with the auto cash-out and counts once its round settled it. */
  async function placeAutoBet(stake: Stake): Promise<BetView | null> {
    const clientBetId = newClientBetId();
    try {
      const settled = await playAutoRound<BetView>({
        place: async () => {
          const placed = await bet.mutateAsync({ ...stake, autoCashout: formatHundredths(autoTarget!), clientBetId });
          applySettledBalance(stake.currency, placed.balance);
          setPlacedId(placed.bet.id);
          return placed.bet;
        },
        read: (id) => utils.client.bets.byId.query({ id }),
        isClosed: (error) => errorCode(error) === 'BETTING_CLOSED',
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        alive: () => mounted.current,
      });
      return settled;
    } catch (error) {
      reportBetError(error);
      return null;
    }
  }

  async function placeBet(stake: Stake) {
    const result = await runBet(() =>
      bet.mutateAsync({
        ...stake,
        ...(autoTarget ? { autoCashout: formatHundredths(autoTarget) } : {}),
        clientBetId: newClientBetId(),
      }),
    );
    if (result) setPlacedId(result.bet.id);
    return result?.bet ?? null;
  }

  const action =
    mine?.state === 'open' && round?.state === 'running' ? (
      <CashoutButton bet={mine} round={round} clock={clock} />
    ) : open ? (
      <Button fullWidth size="md" disabled data-testid="crash-waiting">
        {queued ? 'Bet in: next round' : 'Bet in: waiting for the start'}
      </Button>
    ) : null;

  const panel = (
    <BetPanel
      game="crash"
      placeBet={placeBet}
      autobet
      placeAutoBet={placeAutoBet}
      autoBlockedReason={autoTarget ? null : 'Autobet needs an auto cash-out'}
      betLabel={round?.state === 'running' ? 'Bet (next round)' : 'Bet'}
      actionOverride={action}
      locked={open}
      blockedReason={autoTarget === null ? 'Auto cash-out: 1.01 to 1000000, at most 2 decimals' : null}
    >
      <TextInput
        label="Auto cash-out"
        placeholder="Off"
        value={autoText}
        onChange={(event) => setAutoText(event.currentTarget.value)}
        inputMode="decimal"
        rightSection={<Text size="sm">x</Text>}
        disabled={open}
        error={autoTarget === null ? 'From 1.01 to 1000000, 2 decimals' : undefined}
        data-testid="crash-auto"
      />
    </BetPanel>
  );

  return (
    <RoundGameLayout
      slug="crash"
      title="Crash"
      description="One round for everyone: the multiplier climbs until it crashes. Cash out before it does."
      panel={panel}
      chain={chain.data}
    >
      <CrashRounds chain={chain.data ?? null} />
      <CrashCanvas round={round} clock={clock} />
      <CrashHistoryGraph />
      <Title order={3} size="h5">
        Players this round
      </Title>
      <CrashPlayers round={round} hundredths={running} />
    </RoundGameLayout>
  );
}

/** Cash out now: the button shows what it would pay, frame by frame. */
function CashoutButton({ bet, round, clock }: { bet: CrashRoundBet; round: CrashRound; clock: CrashClock }) {
  const cashout = trpc.crash.cashout.useMutation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let frame = requestAnimationFrame(function tick() {
      setNow(Date.now());
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const hundredths = round.startedAt ? multiplierNow(round.startedAt, clock, now) : 100;
  const amount = cashoutAmount(bet.amount, hundredths);
  return (
    <Button
      fullWidth
      size="md"
      color="teal"
      loading={cashout.isPending}
      onClick={() => void runBet(() => cashout.mutateAsync({ betId: bet.betId }))}
      data-testid="crash-cashout"
    >
      <Group gap={6} wrap="nowrap">
        <span>Cash out</span>
        <span data-testid="crash-cashout-amount">
          {formatAmount(amount, bet.currency)} {bet.currency}
        </span>
      </Group>
    </Button>
  );
}

/** The running round's multiplier a few times a second (the players table's auto cash-outs), null when not running. */
function useRunningMultiplier(round: CrashRound | null, clock: CrashClock): number | null {
  const [now, setNow] = useState(() => Date.now());
  const running = round?.state === 'running' && round.startedAt ? round.startedAt : null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return running ? multiplierNow(running, clock, now) : null;
}
