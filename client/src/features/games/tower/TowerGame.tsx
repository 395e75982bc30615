import { Button, Group, Kbd, NumberInput, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDiamond, IconFlame } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatRatio } from '../../../../../server/src/domain/games/shared/ratio';
import {
  TOWER_DIFFICULTIES,
  TOWER_LAYOUT,
  TOWER_LEVELS,
  towerMultiplier,
  towerNextMultiplier,
  type TowerDifficulty,
  type TowerState,
} from '../../../../../server/src/domain/games/tower/rules';
import { formatAmount } from '../../../lib/money';
import { trpc } from '../../../trpc';
import { useIsSignedIn } from '../../auth/use-is-signed-in';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { formatMultiplier } from '../../bets/bet-format';
import { newClientBetId, runBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { useResumedRound } from '../../game-panel/use-resumed-round';
import { GameLayout } from '../../game-panel/GameLayout';
import { useHotkeysEnabled } from '../../game-panel/hotkeys';
import { keyTakenByTarget } from '../../game-panel/key-target';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';
import { playSound } from '../../game-panel/sounds';
import { autoPlan, playTowerRound } from './tower-autobet';
import {
  cashoutFigures,
  fitChosen,
  levelRows,
  TILE_KEYS,
  tileForKey,
  toggleChosen,
  type TileState,
} from './tower-view';
import classes from './TowerGame.module.css';

const DIFFICULTY_OPTIONS = TOWER_DIFFICULTIES.map((d) => ({
  value: d,
  label: `${d.charAt(0).toUpperCase()}${d.slice(1)}: ${TOWER_LAYOUT[d].tiles} tiles, ${TOWER_LAYOUT[d].traps} trap${TOWER_LAYOUT[d].traps === 1 ? '' : 's'}`,
}));
const NO_PICKS: (number | null)[] = Array.from({ length: TOWER_LEVELS }, () => null);
const TILE_WORDS: Partial<Record<TileState, string>> = {
  picked: ', climbed',
  hit: ', trap hit',
  trap: ', trap',
  safe: ', safe',
  chosen: ', preset pick',
};

/** Tower: nine levels top down; pick a tile on the next level to climb, cash out before a trap. */
export function TowerGame() {
  const isSignedIn = useIsSignedIn();
  const [difficulty, setDifficulty] = useState<TowerDifficulty>('easy');
  const [round, setRound] = useState<BetView | null>(null);
  const [recent, setRecent] = useState<BetView[]>([]);
  const [pending, setPending] = useState<number | 'cashout' | null>(null);
  /** The Auto tab's preset pick per level and how many levels each automatic round climbs. */
  const [chosen, setChosen] = useState<(number | null)[]>(NO_PICKS);
  const [climb, setClimb] = useState<number | string>(3);
  const [mode, setMode] = useState({ tab: 'manual', running: false });
  const onModeChange = useCallback((next: { tab: string; running: boolean }) => setMode(next), []);
  const active = trpc.games.tower.active.useQuery(undefined, { enabled: isSignedIn, staleTime: 0 });
  const start = trpc.games.tower.start.useMutation();
  const pickTile = trpc.games.tower.pick.useMutation();
  const cashout = trpc.games.tower.cashout.useMutation();

  useResumedRound(active.data, round, setRound);
  // The settings follow the open round, so that they stay as it was played once it ends.
  useEffect(() => {
    if (round?.state === 'open') setDifficulty((round.outcome as unknown as TowerState).difficulty);
  }, [round]);

  const state = round ? (round.outcome as unknown as TowerState) : null;
  const open = round?.state === 'open';
  // An ended round stays on the board until the difficulty changes.
  const shown = state && (open || state.difficulty === difficulty) ? state : null;
  const picks = shown?.picks ?? [];
  const climbed = open ? picks.length : 0;
  const { tiles } = TOWER_LAYOUT[difficulty];
  const levels = Math.min(TOWER_LEVELS, Math.max(1, Math.floor(Number(climb) || 1)));
  const choosing = mode.tab === 'auto' && !mode.running && !open;
  const rows = levelRows(difficulty, shown, open, mode.tab === 'auto' ? chosen : []);
  const next = open && shown ? towerNextMultiplier(shown) : null;
  const figures = open && round ? cashoutFigures(round.amount, difficulty, climbed) : null;
  const safeLevels = shown ? picks.length - (shown.trapHit === undefined ? 0 : 1) : 0;
  // The server's multiplier: the running one while open, what the round paid once won (less at the profit limit).
  const current = round && shown && round.state !== 'lost' && picks.length > 0 ? round.multiplier : null;

  function finish(bet: BetView) {
    // The shared bet sounds know mines' reveals (outcome.revealed); a level climbed gets the same gem note here.
    if (bet.state === 'open' && (bet.outcome as unknown as TowerState).picks.length > 0) playSound('reveal');
    setRound(bet);
    if (bet.state !== 'open') setRecent((list) => pushRecent(list, bet));
  }

  const startRound = (stake: Stake) =>
    runBet(() => start.mutateAsync({ ...stake, difficulty, clientBetId: newClientBetId() }));

  async function placeBet(stake: Stake) {
    const result = await startRound(stake);
    if (result) finish(result.bet);
    return result?.bet ?? null;
  }

  async function pick(tile: number) {
    if (!round || !open || pending !== null || mode.tab === 'auto') return;
    setPending(tile);
    const result = await runBet(() => pickTile.mutateAsync({ betId: round.id, tile, level: picks.length }));
    setPending(null);
    if (result) finish(result.bet);
  }

  async function cashOut() {
    if (!round || !open || pending !== null || climbed === 0) return;
    setPending('cashout');
    const result = await runBet(() => cashout.mutateAsync({ betId: round.id }));
    setPending(null);
    if (result) finish(result.bet);
  }

  /** One automatic round: the preset picks (random where a level has none), then the cash-out. */
  async function placeAutoBet(stake: Stake) {
    return playTowerRound(autoPlan(chosen, levels, tiles), {
      start: () => startRound(stake),
      pick: (betId, tile, level) => runBet(() => pickTile.mutateAsync({ betId, tile, level })),
      cashout: (betId) => runBet(() => cashout.mutateAsync({ betId })),
      onStep: finish,
    });
  }

  // Keys 1-4 pick on the next level; they follow the panel's hotkeys switch (off until the player turns it on).
  const hotkeys = useHotkeysEnabled();
  const pickRef = useRef<(key: string) => boolean>(() => false);
  pickRef.current = (key) => {
    const tile = tileForKey(key, tiles);
    if (tile === null || !open || mode.tab === 'auto') return false;
    void pick(tile);
    return true;
  };
  useEffect(() => {
    if (!hotkeys) return;
    function onKey(event: KeyboardEvent) {
      if (!keyTakenByTarget(event) && pickRef.current(event.key)) event.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hotkeys]);

  const ended = round !== null && !open && shown !== null;
  const board = (
    <Stack gap="md" align="center">
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      <div
        className={classes.tower}
        role="group"
        aria-label={`Tower, ${difficulty}`}
        data-testid="tower-board"
        data-difficulty={difficulty}
        data-ended={ended || undefined}
      >
        {rows.map((row) => (
          <div
            key={row.level}
            className={classes.level}
            data-current={row.current || undefined}
            data-climbed={row.level < safeLevels || undefined}
            data-testid={`tower-level-${row.level}`}
          >
            <Text size="xs" c="dimmed" className={classes.levelNumber} aria-hidden>
              {row.level + 1}
            </Text>
            <div className={classes.tiles} style={{ gridTemplateColumns: `repeat(${row.tiles.length}, 1fr)` }}>
              {row.tiles.map((tileState, tile) => (
                <UnstyledButton
                  key={tile}
                  className={classes.tile}
                  data-state={tileState}
                  data-tile={tile}
                  disabled={choosing ? false : !row.current || pending !== null || mode.tab === 'auto' || mode.running}
                  onClick={() =>
                    choosing ? setChosen((list) => toggleChosen(list, row.level, tile)) : void pick(tile)
                  }
                  aria-pressed={mode.tab === 'auto' ? tileState === 'chosen' : undefined}
                  aria-label={`Level ${row.level + 1}, tile ${tile + 1}${TILE_WORDS[tileState] ?? ''}`}
                  aria-keyshortcuts={hotkeys && row.current ? TILE_KEYS[tile] : undefined}
                >
                  {tileState === 'picked' || tileState === 'safe' ? <IconDiamond size={22} aria-hidden /> : null}
                  {tileState === 'hit' || tileState === 'trap' ? <IconFlame size={22} aria-hidden /> : null}
                  {hotkeys && row.current && pending === null ? (
                    <Kbd size="xs" className={classes.key}>
                      {TILE_KEYS[tile]}
                    </Kbd>
                  ) : null}
                </UnstyledButton>
              ))}
            </div>
            <Text size="xs" fw={600} className={classes.multiplier} data-testid={`tower-multiplier-${row.level}`}>
              {formatMultiplier(row.multiplier)}
            </Text>
          </div>
        ))}
      </div>
      <Group gap="lg" justify="center" aria-live="polite">
        <Text size="sm" data-testid="tower-current">
          Current: <b>{current ? formatMultiplier(current) : '-'}</b>
        </Text>
        <Text size="sm" data-testid="tower-next">
          Next level: <b>{next ? formatMultiplier(formatRatio(next, 4)) : '-'}</b>
        </Text>
        {ended && round ? (
          <Text size="sm" fw={700} c={round.state === 'won' ? 'teal' : 'red'} data-testid="tower-result">
            {round.state === 'won'
              ? `Won ${formatAmount(round.payout, round.currency)} ${round.currency}${round.capped ? ' (max profit reached)' : ''}`
              : 'Trap hit'}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );

  const presets = chosen.slice(0, levels).filter((tile) => tile !== null).length;
  const panel = (
    <BetPanel
      game="tower"
      placeBet={placeBet}
      autobet
      placeAutoBet={placeAutoBet}
      autoBlockedReason={open && !mode.running ? 'Finish the open round first' : null}
      onModeChange={onModeChange}
      locked={open}
      profits={[
        { label: 'Next level profit', multiplier: open ? next : towerMultiplier(difficulty, 1) },
        { label: 'Cash-out profit', multiplier: open && climbed > 0 ? towerMultiplier(difficulty, climbed) : null },
      ]}
      lockedStake={open && round ? { amount: round.amount, currency: round.currency === 'BZU' ? 'BZU' : 'USD' } : null}
      onSpace={open && mode.tab === 'manual' ? () => void cashOut() : undefined}
      onCashOut={open && mode.tab === 'manual' ? () => void cashOut() : undefined}
      actionOverride={
        open && mode.tab === 'manual' ? (
          <Stack gap="xs">
            <Button
              size="lg"
              fullWidth
              color="teal"
              onClick={() => void cashOut()}
              disabled={climbed === 0}
              loading={pending === 'cashout'}
              data-testid="tower-cashout"
            >
              {figures && round
                ? `Cash out ${formatAmount(figures.payout, round.currency)} ${round.currency}`
                : 'Cash out'}
            </Button>
            <Button
              variant="default"
              fullWidth
              onClick={() => void pick(Math.floor(Math.random() * tiles))}
              disabled={pending !== null}
              data-testid="tower-random"
            >
              Pick random tile
            </Button>
          </Stack>
        ) : undefined
      }
    >
      <Select
        label="Difficulty"
        data={DIFFICULTY_OPTIONS}
        value={difficulty}
        onChange={(value) => {
          if (!value) return;
          const next = value as TowerDifficulty;
          setDifficulty(next);
          setChosen((list) => fitChosen(list, next));
        }}
        allowDeselect={false}
        disabled={open || mode.running}
        data-testid="tower-difficulty"
      />
      {mode.tab === 'auto' ? (
        <>
          <NumberInput
            label="Levels to climb"
            min={1}
            max={TOWER_LEVELS}
            value={climb}
            onChange={setClimb}
            allowDecimal={false}
            disabled={mode.running}
            data-testid="tower-climb"
          />
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" data-testid="tower-presets">
              {presets} of {levels} levels preset on the tower; the others pick at random
            </Text>
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => setChosen(NO_PICKS)}
              disabled={presets === 0 || mode.running}
            >
              Clear
            </Button>
          </Group>
        </>
      ) : null}
    </BetPanel>
  );

  return (
    <GameLayout
      slug="tower"
      title="Tower"
      description="Climb nine levels, one tile per level, and cash out before you step on a trap."
      panel={panel}
      board={board}
    />
  );
}
