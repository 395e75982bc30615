import { Button, Group, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBomb, IconDiamond } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { formatRatio } from '../../../../../server/src/domain/games/shared/ratio';
import {
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  minesMultiplier,
  minesNextMultiplier,
} from '../../../../../server/src/domain/games/mines/rules';
import { trpc } from '../../../trpc';
import { useIsSignedIn } from '../../auth/use-is-signed-in';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { formatMultiplier } from '../../bets/bet-format';
import { playChosenTiles, toggleChosen } from './mines-autobet';
import { newClientBetId, runBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { useResumedRound } from '../../game-panel/use-resumed-round';
import { GameLayout } from '../../game-panel/GameLayout';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';
import classes from './MinesGame.module.css';
import { formatAmount } from '../../../lib/money';

const MINE_OPTIONS = Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => String(MINES_MIN + i));
const TILES = Array.from({ length: MINES_TILES }, (_, i) => i);

interface MinesOutcomeView {
  mines: number;
  revealed: number[];
  minePositions?: number[];
}

export function MinesGame() {
  const isSignedIn = useIsSignedIn();
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<BetView | null>(null);
  const [recent, setRecent] = useState<BetView[]>([]);
  const [pending, setPending] = useState<number | 'cashout' | null>(null);
  /** The Auto tab's tiles: each automatic round reveals exactly these, then cashes out. */
  const [chosen, setChosen] = useState<number[]>([]);
  const [mode, setMode] = useState({ tab: 'manual', running: false });
  const onModeChange = useCallback((next: { tab: string; running: boolean }) => setMode(next), []);
  const active = trpc.games.mines.active.useQuery(undefined, { enabled: isSignedIn, staleTime: 0 });
  const start = trpc.games.mines.start.useMutation();
  const reveal = trpc.games.mines.reveal.useMutation();
  const cashout = trpc.games.mines.cashout.useMutation();

  useResumedRound(active.data, round, setRound);
  // The settings follow the open round, so that they stay as it was played once it ends.
  useEffect(() => {
    if (round?.state === 'open') setMines((round.outcome as unknown as MinesOutcomeView).mines);
  }, [round]);

  const outcome = round ? (round.outcome as unknown as MinesOutcomeView) : null;
  const open = round?.state === 'open';
  const revealed = outcome?.revealed ?? [];
  const minePositions = outcome?.minePositions ?? [];
  const shownMines = outcome?.mines ?? mines;
  const next = open ? minesNextMultiplier(shownMines, revealed.length) : null;
  // A round cashed out at the profit limit paid less than the tiles' multiplier: show what it paid.
  const current = round?.capped
    ? round.multiplier
    : revealed.length > 0
      ? formatRatio(minesMultiplier(shownMines, revealed.length), 4)
      : null;

  function finish(bet: BetView) {
    setRound(bet);
    if (bet.state !== 'open') setRecent((list) => pushRecent(list, bet));
  }

  async function placeBet(stake: Stake) {
    const result = await runBet(() => start.mutateAsync({ ...stake, mines, clientBetId: newClientBetId() }));
    if (result) finish(result.bet);
    return result?.bet ?? null;
  }

  async function revealTile(tile: number) {
    if (!round || !open || pending !== null || revealed.includes(tile)) return;
    setPending(tile);
    const result = await runBet(() => reveal.mutateAsync({ betId: round.id, tile }));
    setPending(null);
    if (result) finish(result.bet);
  }

  async function cashOut() {
    if (!round || !open || pending !== null || revealed.length === 0) return;
    setPending('cashout');
    const result = await runBet(() => cashout.mutateAsync({ betId: round.id }));
    setPending(null);
    if (result) finish(result.bet);
  }

  /** One automatic round with the tiles chosen when the autobet started. */
  async function placeAutoBet(stake: Stake) {
    return playChosenTiles(chosen, {
      start: () => runBet(() => start.mutateAsync({ ...stake, mines, clientBetId: newClientBetId() })),
      reveal: (betId, tile) => runBet(() => reveal.mutateAsync({ betId, tile })),
      cashout: (betId) => runBet(() => cashout.mutateAsync({ betId })),
      onStep: finish,
    });
  }

  const choosing = mode.tab === 'auto' && !mode.running && !open;
  const maxChosen = MINES_TILES - mines;

  function randomTile() {
    const hidden = TILES.filter((tile) => !revealed.includes(tile));
    const tile = hidden[Math.floor(Math.random() * hidden.length)];
    if (tile !== undefined) void revealTile(tile);
  }

  const board = (
    <Stack gap="md" align="center">
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      <SimpleGrid
        cols={5}
        spacing={8}
        verticalSpacing={8}
        w="100%"
        maw={460}
        role="group"
        aria-label="Mines board"
        data-testid="mines-board"
      >
        {TILES.map((tile) => {
          const isRevealed = revealed.includes(tile);
          const isMine = minePositions.includes(tile);
          const ended = round !== null && !open;
          const state = isRevealed ? (isMine ? 'boom' : 'gem') : ended ? (isMine ? 'mine' : 'safe') : 'hidden';
          const isChosen = mode.tab === 'auto' && chosen.includes(tile);
          return (
            <UnstyledButton
              key={tile}
              className={classes.tile}
              data-state={state}
              data-tile={tile}
              data-chosen={isChosen || undefined}
              aria-pressed={mode.tab === 'auto' ? isChosen : undefined}
              disabled={
                choosing
                  ? !isChosen && chosen.length >= maxChosen
                  : !open || isRevealed || pending !== null || mode.tab === 'auto'
              }
              onClick={() => (choosing ? setChosen((list) => toggleChosen(list, tile)) : void revealTile(tile))}
              aria-label={`Tile ${tile + 1}${state === 'gem' ? ', safe' : state === 'boom' || state === 'mine' ? ', mine' : ''}`}
            >
              {state === 'gem' || state === 'safe' ? <IconDiamond size="50%" aria-hidden /> : null}
              {state === 'boom' || state === 'mine' ? <IconBomb size="50%" aria-hidden /> : null}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Group gap="lg" justify="center" aria-live="polite">
        <Text size="sm" data-testid="mines-current">
          Current: <b>{current ? formatMultiplier(current) : '-'}</b>
        </Text>
        <Text size="sm" data-testid="mines-next">
          Next tile: <b>{next ? formatMultiplier(formatRatio(next, 4)) : '-'}</b>
        </Text>
        {round && !open ? (
          <Text size="sm" fw={700} c={round.state === 'won' ? 'teal' : 'red'} data-testid="mines-result">
            {round.state === 'won'
              ? `Won ${formatAmount(round.payout, round.currency)} ${round.currency}${round.capped ? ' (max profit reached)' : ''}`
              : 'Mine hit'}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );

  const panel = (
    <BetPanel
      game="mines"
      placeBet={placeBet}
      autobet
      placeAutoBet={placeAutoBet}
      autoBlockedReason={
        open && !mode.running
          ? 'Finish the open round first'
          : chosen.length === 0
            ? 'Choose the tiles to reveal on the board'
            : null
      }
      onModeChange={onModeChange}
      locked={open}
      profits={[
        { label: 'Next tile profit', multiplier: open ? next : minesMultiplier(shownMines, 1) },
        {
          label: 'Cash-out profit',
          multiplier: open && revealed.length > 0 ? minesMultiplier(shownMines, revealed.length) : null,
        },
      ]}
      lockedStake={open && round ? { amount: round.amount, currency: round.currency === 'BZU' ? 'BZU' : 'USD' } : null}
      onSpace={open && mode.tab === 'manual' ? () => void cashOut() : undefined}
      onCashOut={open && mode.tab === 'manual' ? () => void cashOut() : undefined}
      actionOverride={
        open ? (
          <Stack gap="xs">
            <Button
              size="lg"
              fullWidth
              color="teal"
              onClick={() => void cashOut()}
              disabled={revealed.length === 0}
              loading={pending === 'cashout'}
              data-testid="mines-cashout"
            >
              Cash out{current && round ? ` ${formatMultiplier(current)}` : ''}
            </Button>
            <Button variant="default" fullWidth onClick={randomTile} disabled={pending !== null}>
              Pick random tile
            </Button>
          </Stack>
        ) : undefined
      }
    >
      <Select
        label="Mines"
        data={MINE_OPTIONS}
        value={String(shownMines)}
        onChange={(value) => {
          if (!value) return;
          setMines(Number(value));
          // More mines leave fewer safe tiles: keep the choice playable.
          setChosen((list) => list.slice(0, MINES_TILES - Number(value)));
        }}
        allowDeselect={false}
        disabled={open || mode.running}
        data-testid="mines-count"
      />
      {mode.tab === 'auto' ? (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" data-testid="mines-chosen">
            {chosen.length} tiles chosen
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setChosen([])}
            disabled={chosen.length === 0 || mode.running}
          >
            Clear
          </Button>
        </Group>
      ) : null}
    </BetPanel>
  );

  return (
    <GameLayout
      slug="mines"
      title="Mines"
      description="Reveal safe tiles on a 5x5 board and cash out before you hit a mine."
      panel={panel}
      board={board}
    />
  );
}
