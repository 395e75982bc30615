import { isPlayPaused, whenPlayResumes } from '../responsible-gaming/play-gate';
import { Button, Group, NumberInput, Paper, SegmentedControl, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../../constants';
import { coalesce } from '../../lib/coalesce';
import { formatDateTime } from '../../lib/datetime';
import { trpc } from '../../trpc';
import { useIsSignedIn } from '../auth/use-is-signed-in';
import {
  afterBet,
  startAutobet,
  stopAutobet,
  stopMessage,
  type AutobetSettings,
  type AutobetState,
  type OnResult,
  type StopReason,
} from './autobet';
import { doubleAmount, fromUnits, halveAmount, percentToMicro, toUnits } from './bet-amount';
import { profitOnWin, type ProfitLine } from './profit-on-win';
import { CURRENCIES, type BetView, type Currency } from './bet-types';
import { hotkeyAction, useHotkeysEnabled, type HotkeyAction } from './hotkeys';
import { isInstantBets, setInstantBets, useInstantBets } from './instant-bets';
import { LiveStats } from './LiveStats';
import { PanelToolbar } from './PanelToolbar';
import { playSound } from './sounds';
import { readStake, rememberStake } from './stake-memory';
import classes from './BetPanel.module.css';
import { formatAmount } from '../../lib/money';

export interface Stake {
  amount: string;
  currency: Currency;
}

/** Pause between automatic bets, so each result is visible; the balance itself never waits for it. Turbo (instant bets) has none. */
const AUTOBET_PAUSE_MS = 350;
const PROGRESS_MS = 200;

interface BetPanelProps {
  /** The game's slug: the stake is remembered per game. */
  game: string;
  /** Game-specific inputs (target, rows, risk...), shown under the stake. */
  children?: ReactNode;
  /** Places one bet; resolves with the settled bet or null when it failed (already reported). */
  placeBet: (stake: Stake) => Promise<BetView | null>;
  /** Instant games get the Auto tab. */
  autobet?: boolean;
  /** The game animates its results: offer the "Instant bets" switch that skips the animation. */
  animated?: boolean;
  betLabel?: string;
  /** What the amount field is (baccarat: the value of one chip); "Bet amount" unless said. */
  amountLabel?: string;
  /** Why the bet cannot be placed now (invalid parameters), shown under the button. */
  blockedReason?: string | null;
  /** Replaces the bet button (mines while a round is open: cash out). */
  actionOverride?: ReactNode;
  /** The stake cannot change (an open mines round). */
  locked?: boolean;
  /** Space triggers this instead of a bet (mines: cash out). */
  onSpace?: () => void;
  /** The F hotkey (dice: flip roll over / under). */
  onFlip?: () => void;
  /** The C hotkey (mines: cash out). */
  onCashOut?: () => void;
  /** The stake the open round was placed with (mines resume). */
  lockedStake?: Stake | null;
  /** "Profit on win" lines for the stake on screen (one per multiplier the game can pay). */
  profits?: ProfitLine[];
  /** One automatic bet when it differs from a manual one (mines: start, reveal the chosen tiles, cash out). */
  placeAutoBet?: (stake: Stake) => Promise<BetView | null>;
  /** Why the Auto tab cannot start (mines: no tiles chosen), on top of blockedReason. */
  autoBlockedReason?: string | null;
  /** The tab on screen and whether an autobet runs: mines lets the player choose tiles only in the Auto tab, when idle. */
  onModeChange?: (mode: { tab: string; running: boolean }) => void;
  /**
   * The stake is the board's total (roulette's chips), shown and not typed; placeBet gets the autobet's stake as the
   * amount, and the game scales its board to it.
   */
  boardStake?: string;
  /** The stake on screen as it changes (baccarat draws its chips at this value). */
  onStakeChange?: (stake: Stake) => void;
}

function parseOptionalAmount(text: string): bigint | null {
  return text.trim() === '' ? null : toUnits(text);
}

function onResultRule(mode: string, percent: string): OnResult {
  const micro = percentToMicro(percent);
  return mode === 'increase' && micro !== null ? { mode: 'increase', percentMicro: micro } : { mode: 'reset' };
}

/** Why the stake cannot be bet: not an amount, zero, or under the currency's minimum bet. */
function stakeError(units: bigint | null, minimum: bigint | null, currency: Currency): string | null {
  if (units === null) return 'Enter an amount like 10 or 2.5, with at most 8 decimals';
  if (units === 0n) return 'Enter an amount greater than zero';
  if (minimum !== null && units < minimum) return `The minimum bet is ${fromUnits(minimum)} ${currency}`;
  return null;
}

/** While the player is self-excluded, why every play button is off (null when they may play). */
function useExclusionReason(): string | null {
  const isSignedIn = useIsSignedIn();
  const exclusion = trpc.account.exclusion.useQuery(undefined, { enabled: isSignedIn });
  const state = isSignedIn ? exclusion.data : undefined;
  if (!state?.active) return null;
  return state.permanent || !state.endsAt
    ? 'You are self-excluded from playing for good.'
    : `You are self-excluded from playing until ${formatDateTime(state.endsAt)}.`;
}

/** The one bet panel every original uses: stake (1/2, 2x), currency, Manual and Auto tabs. */
export function BetPanel(props: BetPanelProps) {
  const {
    game,
    placeBet,
    autobet = false,
    animated = false,
    betLabel = 'Bet',
    actionOverride,
    locked = false,
    onSpace,
    lockedStake,
  } = props;
  const exclusionReason = useExclusionReason();
  const blockedReason = exclusionReason ?? props.blockedReason ?? null;
  const [amount, setAmount] = useState(() => readStake(game).amount);
  const [currency, setCurrency] = useState<Currency>(() => readStake(game).currency);
  const instant = useInstantBets();
  const hotkeysOn = useHotkeysEnabled();
  const [statsOpen, setStatsOpen] = useState(true);
  const catalogue = trpc.games.list.useQuery();
  const minimumOf = (of: Currency): bigint | null => {
    const text = catalogue.data?.find((entry) => entry.slug === game)?.minBet[of];
    return text === undefined ? null : toUnits(text);
  };
  const [tab, setTab] = useState<string>('manual');
  const [busy, setBusy] = useState(false);
  // Autobet settings, as typed.
  const [bets, setBets] = useState<number | string>(10);
  const [onWinMode, setOnWinMode] = useState('reset');
  const [onWinPercent, setOnWinPercent] = useState('100');
  const [onLossMode, setOnLossMode] = useState('reset');
  const [onLossPercent, setOnLossPercent] = useState('100');
  const [stopProfit, setStopProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [auto, setAuto] = useState<AutobetState | null>(null);
  const stopRequested = useRef(false);
  /** False once the page is left: an autobet belongs to its page and ends with it. */
  const mounted = useRef(true);
  const running = auto !== null && auto.stopped === null;
  const autoBlockedReason = blockedReason ?? props.autoBlockedReason ?? null;
  const { onModeChange } = props;
  useEffect(() => onModeChange?.({ tab, running }), [onModeChange, tab, running]);
  const { onStakeChange } = props;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // Remember the stake for the next visit (not the autobet's changing stakes: it puts the base back when done).
  useEffect(() => {
    if (!running && toUnits(amount) !== null) rememberStake(game, { amount, currency });
  }, [game, amount, currency, running]);

  const { boardStake } = props;
  const stakeAmount = boardStake ?? amount;
  const shownAmount = locked && lockedStake ? lockedStake.amount : stakeAmount;
  const shownCurrency = locked && lockedStake ? lockedStake.currency : currency;
  useEffect(
    () => onStakeChange?.({ amount: shownAmount, currency: shownCurrency }),
    [onStakeChange, shownAmount, shownCurrency],
  );
  const amountUnits = toUnits(stakeAmount);
  const profitFields = props.profits?.length ? (
    <ProfitFields lines={props.profits} amount={shownAmount} currency={shownCurrency} />
  ) : null;
  // An empty board is the game's blockedReason, not an amount to correct.
  const amountError =
    boardStake !== undefined && amountUnits === 0n ? null : stakeError(amountUnits, minimumOf(currency), currency);
  const autoError =
    (stopProfit && parseOptionalAmount(stopProfit) === null) || (stopLoss && parseOptionalAmount(stopLoss) === null)
      ? 'Stop amounts are amounts like 10 or 2.5'
      : (onWinMode === 'increase' && percentToMicro(onWinPercent) === null) ||
          (onLossMode === 'increase' && percentToMicro(onLossPercent) === null)
        ? 'Increases are percentages like 100 or 12.5'
        : null;

  /** A stake under the new currency's minimum bet is raised to it (1 USD is far under the BZU minimum). */
  function changeCurrency(next: Currency) {
    setCurrency(next);
    const minimum = minimumOf(next);
    if (minimum !== null && amountUnits !== null && amountUnits < minimum) setAmount(fromUnits(minimum));
  }

  async function betOnce() {
    if (busy || amountError || blockedReason || isPlayPaused()) return;
    setBusy(true);
    playSound('bet');
    try {
      await placeBet({ amount: stakeAmount, currency });
    } finally {
      setBusy(false);
    }
  }

  async function runAutobet() {
    if (running || amountError || autoBlockedReason || autoError || amountUnits === null) return;
    const placeOne = props.placeAutoBet ?? placeBet;
    const settings: AutobetSettings = {
      bets: Math.max(0, Math.floor(Number(bets) || 0)),
      stopOnProfit: parseOptionalAmount(stopProfit),
      stopOnLoss: parseOptionalAmount(stopLoss),
      onWin: onResultRule(onWinMode, onWinPercent),
      onLoss: onResultRule(onLossMode, onLossPercent),
    };
    stopRequested.current = false;
    const stopReason = (): StopReason | null => (!mounted.current ? 'left' : stopRequested.current ? 'user' : null);
    // Turbo with a fixed stake and no stop on profit or loss: no bet depends on the one before, so the next is sent
    // while the last is on the wire (two at a time). A multi-step game (mines) plays one round at a time.
    const overlap =
      isInstantBets() &&
      !props.placeAutoBet &&
      settings.onWin.mode === 'reset' &&
      settings.onLoss.mode === 'reset' &&
      !settings.stopOnProfit &&
      !settings.stopOnLoss
        ? 2
        : 1;
    let state = startAutobet(amountUnits);
    setAuto(state);
    const betCurrency = currency;
    // The progress line (and the stake an increase rule sets) renders at most every PROGRESS_MS in turbo: ten
    // renders of the whole panel a second would cost more than the bets. Not urgent either way.
    let latest = state;
    let finished = false;
    const render = () => {
      if (finished) return;
      const shown = latest;
      startTransition(() => {
        setAuto(shown);
        if (boardStake === undefined) setAmount(fromUnits(shown.amount));
      });
    };
    const showProgress = isInstantBets() ? coalesce(render, PROGRESS_MS) : render;
    const inFlight: Promise<BetView | null>[] = [];
    let sent = 0;
    // Why sending ended early (left, stopped, a failed bet); the bets already on the wire still settle and count.
    let ended: StopReason | null = null;
    for (;;) {
      // A reality check pauses the autobet until answered: "Stop" ends it.
      if (!ended && isPlayPaused() && !(await whenPlayResumes())) ended = 'user';
      ended ??= stopReason();
      while (!ended && !state.stopped && inFlight.length < overlap && (settings.bets === 0 || sent < settings.bets)) {
        inFlight.push(placeOne({ amount: fromUnits(state.amount), currency: betCurrency }));
        sent += 1;
      }
      const next = inFlight.shift();
      if (!next) break;
      const bet = await next;
      if (!bet) {
        ended = 'error';
        continue;
      }
      state = afterBet(state, settings, { stake: toUnits(bet.amount) ?? 0n, payout: toUnits(bet.payout) ?? 0n });
      latest = state;
      showProgress();
      // Read per bet: turning turbo on or off takes effect on the next one.
      if (!state.stopped && !ended && !isInstantBets())
        await new Promise((resolve) => setTimeout(resolve, AUTOBET_PAUSE_MS));
    }
    if (ended) state = stopAutobet(state, ended);
    finished = true;
    setAuto(state);
    if (boardStake === undefined) setAmount(fromUnits(state.baseAmount));
    if (state.stopped !== 'error')
      notifications.show({ color: 'blue', message: stopMessage(state), autoClose: NOTIFICATION_AUTO_CLOSE_MS });
  }

  // Hotkeys (when the player turned them on): Space = bet (or the game's own primary action), S / D / A = stake, F / C = the game's own.
  const hotkeyRun = useRef<(action: HotkeyAction) => boolean>(() => false);
  hotkeyRun.current = (action) => {
    const stakeFixed = locked || running;
    switch (action) {
      case 'bet':
        if (onSpace) onSpace();
        else if (tab === 'auto') void (running ? (stopRequested.current = true) : runAutobet());
        else void betOnce();
        return true;
      case 'halve':
        if (!stakeFixed) setAmount((a) => halveAmount(a) ?? a);
        return true;
      case 'double':
        if (!stakeFixed) setAmount((a) => doubleAmount(a) ?? a);
        return true;
      case 'zero':
        if (!stakeFixed) setAmount('0');
        return true;
      case 'flip':
        if (!props.onFlip || running) return false;
        props.onFlip();
        return true;
      case 'cashout':
        if (!props.onCashOut) return false;
        props.onCashOut();
        return true;
    }
  };
  useEffect(() => {
    if (!hotkeysOn) return;
    function onKey(event: KeyboardEvent) {
      const action = hotkeyAction(event);
      if (action && hotkeyRun.current(action)) event.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hotkeysOn]);

  const stakeFields = (
    <Stack gap="xs">
      <TextInput
        label={`${props.amountLabel ?? (boardStake === undefined ? 'Bet amount' : 'Total bet')} (${shownCurrency})`}
        value={shownAmount}
        onChange={(event) => setAmount(event.currentTarget.value)}
        inputMode="decimal"
        disabled={locked || running}
        readOnly={boardStake !== undefined}
        error={locked ? undefined : amountError}
        data-testid="bet-amount"
        rightSectionWidth={boardStake === undefined ? 92 : undefined}
        rightSection={
          boardStake === undefined && (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="default"
                disabled={locked || running}
                onClick={() => setAmount((a) => halveAmount(a) ?? a)}
                aria-label="½: halve the bet"
              >
                ½
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                disabled={locked || running}
                onClick={() => setAmount((a) => doubleAmount(a) ?? a)}
                aria-label="2×: double the bet"
              >
                2×
              </Button>
            </Group>
          )
        }
      />
      <SegmentedControl
        fullWidth
        size="xs"
        data={CURRENCIES.map((c) => ({ value: c, label: c }))}
        value={shownCurrency}
        onChange={(value) => changeCurrency(value as Currency)}
        disabled={locked || running}
        aria-label="Currency"
      />
    </Stack>
  );

  const instantSwitch = animated ? (
    <Button
      size="compact-sm"
      variant={instant ? 'filled' : 'default'}
      aria-pressed={instant}
      onClick={() => setInstantBets(!instant)}
      title="Show each result at once, without the animation"
    >
      Instant bets
    </Button>
  ) : null;
  // On the Auto tab the same choice is turbo: no animation and no pause between bets.
  const turboSwitch = (
    <Button
      size="compact-sm"
      variant={instant ? 'filled' : 'default'}
      aria-pressed={instant}
      onClick={() => setInstantBets(!instant)}
      title="Autobet as fast as the server answers: no animation, no pause"
    >
      Turbo
    </Button>
  );
  const extras = (
    <>
      <PanelToolbar statsOpen={statsOpen} onToggleStats={() => setStatsOpen((open) => !open)} />
      {statsOpen ? <LiveStats game={game} currency={shownCurrency} /> : null}
    </>
  );

  const blockedNote = (reason: string | null) =>
    reason ? (
      <Text size="xs" c="red" role="status">
        {reason}
      </Text>
    ) : null;

  const manual = (
    <Stack gap="sm">
      {stakeFields}
      {props.children}
      {profitFields}
      {instantSwitch}
      <div className={classes.action}>
        {actionOverride ?? (
          <Button
            size="lg"
            fullWidth
            onClick={() => void betOnce()}
            loading={busy}
            disabled={Boolean(amountError || blockedReason)}
            data-testid="bet-button"
          >
            {betLabel}
          </Button>
        )}
      </div>
      {blockedNote(blockedReason)}
    </Stack>
  );

  return (
    <Paper withBorder radius="md" p="md" bg="var(--bzu-card)" component="section" aria-label="Bet panel">
      {autobet ? (
        <Tabs value={tab} onChange={(value) => !running && setTab(value ?? 'manual')} variant="pills" radius="xl">
          <Tabs.List grow mb="sm">
            <Tabs.Tab value="manual" disabled={running}>
              Manual
            </Tabs.Tab>
            <Tabs.Tab value="auto">Auto</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="manual">{manual}</Tabs.Panel>
          <Tabs.Panel value="auto">
            <Stack gap="sm">
              {stakeFields}
              {props.children}
              {profitFields}
              <NumberInput
                label="Number of bets (0 = until stopped)"
                min={0}
                max={100000}
                value={bets}
                onChange={setBets}
                disabled={running}
                allowDecimal={false}
              />
              <OnResultField
                label="On win"
                mode={onWinMode}
                percent={onWinPercent}
                onMode={setOnWinMode}
                onPercent={setOnWinPercent}
                disabled={running}
              />
              <OnResultField
                label="On loss"
                mode={onLossMode}
                percent={onLossPercent}
                onMode={setOnLossMode}
                onPercent={setOnLossPercent}
                disabled={running}
              />
              <Group grow gap="xs">
                <TextInput
                  label="Stop on profit"
                  placeholder="off"
                  value={stopProfit}
                  onChange={(e) => setStopProfit(e.currentTarget.value)}
                  disabled={running}
                  inputMode="decimal"
                />
                <TextInput
                  label="Stop on loss"
                  placeholder="off"
                  value={stopLoss}
                  onChange={(e) => setStopLoss(e.currentTarget.value)}
                  disabled={running}
                  inputMode="decimal"
                />
              </Group>
              {turboSwitch}
              {autoError ? (
                <Text size="xs" c="red">
                  {autoError}
                </Text>
              ) : null}
              <div className={classes.action}>
                {running ? (
                  <Button
                    size="lg"
                    fullWidth
                    color="red"
                    onClick={() => (stopRequested.current = true)}
                    data-testid="autobet-stop"
                  >
                    Stop autobet
                  </Button>
                ) : (
                  <Button
                    size="lg"
                    fullWidth
                    onClick={() => void runAutobet()}
                    disabled={Boolean(amountError || autoBlockedReason || autoError)}
                    data-testid="autobet-start"
                  >
                    Start autobet
                  </Button>
                )}
              </div>
              {auto ? (
                <Text size="xs" c="dimmed" aria-live="polite" data-testid="autobet-progress">
                  {auto.played} bets, profit {formatAmount(fromUnits(auto.profit), currency)} {currency}
                  {auto.stopped ? ` - ${stopMessage(auto)}` : ''}
                </Text>
              ) : null}
              {blockedNote(autoBlockedReason)}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      ) : (
        manual
      )}
      <Stack gap="xs" mt="sm">
        {extras}
      </Stack>
    </Paper>
  );
}

function OnResultField(props: {
  label: string;
  mode: string;
  percent: string;
  onMode: (mode: string) => void;
  onPercent: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          data={[
            { value: 'reset', label: 'Reset' },
            { value: 'increase', label: 'Increase' },
          ]}
          value={props.mode}
          onChange={props.onMode}
          disabled={props.disabled}
          aria-label={`${props.label}: reset or increase`}
        />
        <TextInput
          size="xs"
          flex={1}
          aria-label={`${props.label}: increase by percent`}
          value={props.percent}
          onChange={(e) => props.onPercent(e.currentTarget.value)}
          disabled={props.disabled || props.mode !== 'increase'}
          rightSection={<Text size="xs">%</Text>}
          inputMode="decimal"
        />
      </Group>
    </Stack>
  );
}

/** The profit each line's multiplier would pay on the stake, at the currency's display precision. */
function ProfitFields(props: { lines: ProfitLine[]; amount: string; currency: Currency }) {
  return (
    <Group grow gap="xs" align="flex-start">
      {props.lines.map((line) => {
        const profit = line.multiplier ? profitOnWin(props.amount, line.multiplier) : null;
        return (
          <TextInput
            key={line.label}
            label={line.label}
            value={profit === null ? '-' : `${formatAmount(fromUnits(profit), props.currency)} ${props.currency}`}
            readOnly
            tabIndex={-1}
            data-testid="profit-on-win"
          />
        );
      })}
    </Group>
  );
}
