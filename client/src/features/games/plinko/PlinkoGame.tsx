import { Select, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  PLINKO_TABLES,
  type PlinkoRisk,
} from '../../../../../server/src/domain/games/plinko/rules';
import { trpcClient } from '../../../trpc';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { formatMultiplier } from '../../bets/bet-format';
import { newClientBetId, useRevealedBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { GameLayout } from '../../game-panel/GameLayout';
import { useInstantBets } from '../../game-panel/instant-bets';
import { ballDuration, PlinkoBoard, type FlyingBall } from './PlinkoBoard';
import { maxOfTable } from '../../game-panel/profit-on-win';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';
import { RiskPicker } from '../../game-panel/RiskPicker';

const ROW_OPTIONS = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) =>
  String(PLINKO_MIN_ROWS + i),
);

export function PlinkoGame() {
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [balls, setBalls] = useState<FlyingBall[]>([]);
  const [recent, setRecent] = useState<BetView[]>([]);
  const betCall = trpcClient.games.plinko.bet;
  const instant = useInstantBets();
  const play = useRevealedBet();
  const onLanded = useCallback((id: string) => setBalls((list) => list.filter((ball) => ball.id !== id)), []);

  async function placeBet(stake: Stake) {
    const result = await play(
      stake.currency,
      () => betCall.mutate({ ...stake, rows, risk, clientBetId: newClientBetId() }),
      (answer) => {
        const outcome = answer.bet.outcome as { path: number[]; bucket: number; rows: number };
        // The ball follows the server's path; the pill and the balance wait until it lands (unless instant).
        if (!instant)
          setBalls((list) => [
            ...list,
            {
              id: answer.bet.id,
              rows: outcome.rows,
              path: outcome.path,
              bucket: outcome.bucket,
              startedAt: performance.now(),
            },
          ]);
        return {
          delayMs: instant ? 0 : ballDuration(outcome.rows),
          show: () => setRecent((list) => pushRecent(list, answer.bet)),
        };
      },
    );
    return result?.bet ?? null;
  }

  const board = (
    <Stack gap="sm">
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      <PlinkoBoard rows={rows} risk={risk} balls={balls} onLanded={onLanded} />
      <Text size="xs" c="dimmed" ta="center">
        The ball follows the path your seeds decide: one left or right bounce per row.
      </Text>
    </Stack>
  );

  const panel = (
    <BetPanel
      game="plinko"
      placeBet={placeBet}
      autobet
      animated
      betLabel="Drop ball"
      profits={[{ label: 'Max profit on win', multiplier: maxOfTable(PLINKO_TABLES[risk][rows] ?? []) }]}
    >
      <Select
        label="Rows"
        data={ROW_OPTIONS}
        value={String(rows)}
        onChange={(value) => value && setRows(Number(value))}
        allowDeselect={false}
        disabled={balls.length > 0}
        data-testid="plinko-rows"
      />
      <RiskPicker risks={PLINKO_RISKS} value={risk} onChange={setRisk} disabled={balls.length > 0} />
    </BetPanel>
  );

  return (
    <GameLayout
      slug="plinko"
      title="Plinko"
      description="Drop a ball through 8 to 16 rows of pegs; the bucket it lands in pays."
      panel={panel}
      board={board}
    />
  );
}
