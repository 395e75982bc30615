import { Button, Group, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBomb, IconDiamond } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatRatio, MINES_MAX, MINES_MIN, MINES_TILES, minesMultiplier, minesNextMultiplier } from '../../../../server/src/domain/games/rules';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';
import { formatAmount } from '../wallet/money';
import { BetPanel, type Stake } from './BetPanel';
import { formatMultiplier } from './bet-format';
import { newClientBetId, runBet } from './bet-session';
import type { BetView } from './bet-types';
import { GameLayout } from './GameLayout';
import { pushRecent, RecentResults } from './RecentResults';
import classes from './MinesGame.module.css';

const MINE_OPTIONS = Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => String(MINES_MIN + i));
const TILES = Array.from({ length: MINES_TILES }, (_, i) => i);

interface MinesOutcomeView {
  mines: number;
  revealed: number[];
  minePositions?: number[];
}

export function MinesGame() {
  const { isSignedIn } = useSession();
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<BetView | null>(null);
  const [recent, setRecent] = useState<BetView[]>([]);
  const [pending, setPending] = useState<number | 'cashout' | null>(null);
  const active = trpc.games.mines.active.useQuery(undefined, { enabled: isSignedIn, staleTime: 0 });
  const start = trpc.games.mines.start.useMutation();
  const reveal = trpc.games.mines.reveal.useMutation();
  const cashout = trpc.games.mines.cashout.useMutation();

  // An open round from before (another tab, a reload) is resumed as it is.
  useEffect(() => {
    if (active.data) {
      setRound(active.data);
      setMines((active.data.outcome as unknown as MinesOutcomeView).mines);
    }
  }, [active.data]);

  const outcome = round ? (round.outcome as unknown as MinesOutcomeView) : null;
  const open = round?.state === 'open';
  const revealed = outcome?.revealed ?? [];
  const minePositions = outcome?.minePositions ?? [];
  const shownMines = outcome?.mines ?? mines;
  const next = open ? minesNextMultiplier(shownMines, revealed.length) : null;
  // A round cashed out at the profit limit paid less than the tiles' multiplier: show what it paid.
  const current = round?.capped ? round.multiplier : revealed.length > 0 ? formatRatio(minesMultiplier(shownMines, revealed.length), 4) : null;

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

  function randomTile() {
    const hidden = TILES.filter((tile) => !revealed.includes(tile));
    const tile = hidden[Math.floor(Math.random() * hidden.length)];
    if (tile !== undefined) void revealTile(tile);
  }

  const board = (
    <Stack gap="md" align="center">
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      <SimpleGrid cols={5} spacing={8} verticalSpacing={8} w="100%" maw={460} role="group" aria-label="Mines board" data-testid="mines-board">
        {TILES.map((tile) => {
          const isRevealed = revealed.includes(tile);
          const isMine = minePositions.includes(tile);
          const ended = round !== null && !open;
          const state = isRevealed ? (isMine ? 'boom' : 'gem') : ended ? (isMine ? 'mine' : 'safe') : 'hidden';
          return (
            <UnstyledButton
              key={tile}
              className={classes.tile}
              data-state={state}
              data-tile={tile}
              disabled={!open || isRevealed || pending !== null}
              onClick={() => void revealTile(tile)}
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
            {round.state === 'won' ? `Won ${formatAmount(round.payout, round.currency)} ${round.currency}${round.capped ? ' (max profit reached)' : ''}` : 'Mine hit'}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );

  const panel = (
    <BetPanel
      game="mines"
      placeBet={placeBet}
      locked={open}
      profits={[
        { label: 'Next tile profit', multiplier: open ? next : minesMultiplier(shownMines, 1) },
        { label: 'Cash-out profit', multiplier: open && revealed.length > 0 ? minesMultiplier(shownMines, revealed.length) : null },
      ]}
      lockedStake={open && round ? { amount: round.amount, currency: round.currency === 'BZU' ? 'BZU' : 'USD' } : null}
      onSpace={open ? () => void cashOut() : undefined}
      actionOverride={
        open ? (
          <Stack gap="xs">
            <Button size="lg" fullWidth color="teal" onClick={() => void cashOut()} disabled={revealed.length === 0} loading={pending === 'cashout'} data-testid="mines-cashout">
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
        onChange={(value) => value && setMines(Number(value))}
        allowDeselect={false}
        disabled={open}
        data-testid="mines-count"
      />
    </BetPanel>
  );

  return <GameLayout slug="mines" title="Mines" description="Reveal safe tiles on a 5x5 board and cash out before you hit a mine." panel={panel} board={board} />;
}
