import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { pocketColour, rouletteMaxPayout } from '../../../../../server/src/domain/games/roulette/rules';
import { ratio } from '../../../../../server/src/domain/games/shared/ratio';
import { trpcClient } from '../../../trpc';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';
import { newClientBetId, untilShown, useRevealedBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { GameLayout } from '../../game-panel/GameLayout';
import { useInstantBets } from '../../game-panel/instant-bets';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';
import { boardTotal, requestChips, scaleBoard, stacks, type BoardBet, type PlacedChip } from './roulette-board';
import { ChipPicker } from '../../game-panel/ChipPicker';
import { RouletteTable } from './RouletteTable';
import { RouletteWheel } from './RouletteWheel';
import classes from './RouletteGame.module.css';
import { formatAmount } from '../../../lib/money';

/** How long the wheel turns before the ball settles and the result shows. */
const SPIN_MS = 3200;
const RESULT_BADGE = { green: 'green', red: 'red', black: 'dark' } as const;

type Outcome = { pocket?: number };
const pocketOf = (bet: BetView) => Number((bet.outcome as Outcome).pocket);

export function RouletteGame() {
  /** The chips in the order they were placed (undo takes the last). */
  const [chips, setChips] = useState<PlacedChip[]>([]);
  /** The chips of the last spin, for rebet. */
  const [lastSpin, setLastSpin] = useState<PlacedChip[]>([]);
  const [chipValue, setChipValue] = useState<string>('1');
  const [recent, setRecent] = useState<BetView[]>([]);
  const [spin, setSpin] = useState<{ count: number; pocket: number | null; landed: boolean; bet: BetView | null }>({
    count: 0,
    pocket: null,
    landed: true,
    bet: null,
  });
  // The plain client, not useMutation: a mutation hook re-renders the whole page twice per bet (pending, done).
  const betCall = trpcClient.games.roulette.bet;
  const instant = useInstantBets();
  const play = useRevealedBet();
  const total = boardTotal(chips);
  const spinning = !spin.landed;
  // The best pocket for the board (what the server's profit limit checks), as a multiple of its total.
  const best = total > 0n ? ratio(rouletteMaxPayout(stacks(chips)), total) : null;

  function place(bet: BoardBet) {
    const amount = toUnits(chipValue);
    if (amount === null || spinning) return;
    setChips((list) => [...list, { ...bet, amount }]);
  }

  async function placeBet(stake: Stake) {
    const stakeUnits = toUnits(stake.amount) ?? total;
    // The autobet may have raised or lowered the stake: the board is scaled to it, stack by stack.
    const board = stakeUnits === total ? stacks(chips) : scaleBoard(chips, stakeUnits);
    const { onAnswer, shown } = untilShown<{ bet: BetView; balance: string }>((answer) => {
      const delayMs = instant ? 0 : SPIN_MS;
      setSpin((previous) => ({
        count: previous.count + 1,
        pocket: pocketOf(answer.bet),
        landed: delayMs === 0,
        bet: answer.bet,
      }));
      return {
        delayMs,
        show: () => {
          setSpin((previous) => ({ ...previous, landed: true }));
          setRecent((list) => pushRecent(list, answer.bet));
        },
      };
    });
    const result = await play(
      stake.currency,
      () => betCall.mutate({ currency: stake.currency, chips: requestChips(board), clientBetId: newClientBetId() }),
      onAnswer,
    );
    if (result) {
      setLastSpin(board);
      await shown;
    }
    return result?.bet ?? null;
  }

  const landedBet = spin.landed ? spin.bet : null;
  const board = (
    <Stack gap="md">
      <RecentResults
        bets={recent}
        label={(bet) => String(pocketOf(bet))}
        color={(bet) => RESULT_BADGE[pocketColour(pocketOf(bet))]}
      />
      <div className={classes.top}>
        <RouletteWheel pocket={spin.pocket} spin={spin.count} landed={spin.landed} durationMs={instant ? 0 : SPIN_MS} />
        <Stack gap={4} align="center" miw={160}>
          {landedBet ? (
            <Text
              fw={700}
              size="lg"
              c={landedBet.state === 'won' ? 'teal' : 'dimmed'}
              data-testid="roulette-outcome"
              aria-live="polite"
            >
              {pocketOf(landedBet)} {pocketColour(pocketOf(landedBet))} -{' '}
              {landedBet.state === 'won'
                ? `won ${formatAmount(landedBet.payout, landedBet.currency)} ${landedBet.currency}`
                : 'no win'}
            </Text>
          ) : (
            <Text c="dimmed" size="sm">
              {spinning ? 'No more bets…' : 'Place your chips, then spin.'}
            </Text>
          )}
        </Stack>
      </div>
      <RouletteTable
        stacks={stacks(chips)}
        pocket={landedBet ? pocketOf(landedBet) : null}
        disabled={spinning}
        onPlace={place}
      />
      <Text size="xs" c="dimmed">
        Click a number for a straight up, the line between two numbers for a split, a corner for four numbers, the
        bottom edge of a column of three for a street (its corner for a six line).
      </Text>
    </Stack>
  );

  const panel = (
    <BetPanel
      game="roulette"
      placeBet={placeBet}
      autobet
      animated
      betLabel="Spin"
      boardStake={fromUnits(total)}
      profits={[{ label: 'Max profit on win', multiplier: best }]}
      blockedReason={chips.length === 0 ? 'Place chips on the board' : null}
    >
      <ChipPicker value={chipValue} onChange={setChipValue} />
      <Group grow gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => setChips((list) => list.slice(0, -1))}
          disabled={chips.length === 0 || spinning}
        >
          Undo
        </Button>
        <Button variant="default" size="xs" onClick={() => setChips([])} disabled={chips.length === 0 || spinning}>
          Clear
        </Button>
        <Button
          variant="default"
          size="xs"
          onClick={() => setChips(lastSpin)}
          disabled={lastSpin.length === 0 || spinning}
          title="Put the last spin's chips back"
        >
          Rebet
        </Button>
      </Group>
      <Text size="xs" c="dimmed" data-testid="roulette-board-summary">
        {stacks(chips).length} bets on the board
      </Text>
    </BetPanel>
  );

  return (
    <GameLayout
      slug="roulette"
      title="Roulette"
      description="European single-zero roulette: every bet returns 36/37 (97.30%)."
      panel={panel}
      board={board}
    />
  );
}
