import { Box, Button, Group, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import {
  KENO_NUMBERS,
  KENO_RISKS,
  KENO_TABLES,
  type KenoRisk,
} from '../../../../../server/src/domain/games/keno/rules';
import { trpcClient } from '../../../trpc';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { formatMultiplier } from '../../bets/bet-format';
import { newClientBetId, useRevealedBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { GameLayout } from '../../game-panel/GameLayout';
import { useInstantBets } from '../../game-panel/instant-bets';
import { autoPick, togglePick } from './keno-picks';
import { maxOfTable } from '../../game-panel/profit-on-win';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';
import { RiskPicker } from '../../game-panel/RiskPicker';
import classes from './KenoGame.module.css';

const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
/** The drawn numbers pop one after another (KenoGame.module.css): the last starts at 9 x 60 ms and lasts 220 ms. */
const DRAW_STEP_MS = 60;
const POP_MS = 220;

export function KenoGame() {
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const [recent, setRecent] = useState<BetView[]>([]);
  const [shown, setShown] = useState<BetView | null>(null);
  /** The bet whose result line is shown: set when its draw animation has ended. */
  const [revealedId, setRevealedId] = useState<string | null>(null);
  const betCall = trpcClient.games.keno.bet;
  const instant = useInstantBets();
  const play = useRevealedBet();
  const drawn = shown ? ((shown.outcome as { drawn?: number[] }).drawn ?? []) : [];
  const table = picks.length > 0 ? (KENO_TABLES[risk][picks.length - 1] ?? []) : [];

  async function placeBet(stake: Stake) {
    const result = await play(
      stake.currency,
      () => betCall.mutate({ ...stake, picks, risk, clientBetId: newClientBetId() }),
      (answer) => {
        setShown(answer.bet);
        const drawn = (answer.bet.outcome as { drawn?: number[] }).drawn?.length ?? 0;
        const show = () => {
          setRevealedId(answer.bet.id);
          setRecent((list) => pushRecent(list, answer.bet));
        };
        return { delayMs: instant ? 0 : Math.max(0, drawn - 1) * DRAW_STEP_MS + POP_MS, show };
      },
    );
    return result?.bet ?? null;
  }

  function edit(next: number[]) {
    setPicks(next);
    setShown(null);
  }

  const board = (
    <Stack gap="md">
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      <SimpleGrid
        cols={8}
        spacing={6}
        verticalSpacing={6}
        role="group"
        aria-label="Keno numbers"
        data-testid="keno-board"
      >
        {NUMBERS.map((n) => {
          const picked = picks.includes(n);
          const drawIndex = drawn.indexOf(n);
          const state = drawIndex >= 0 ? (picked ? 'hit' : 'drawn') : picked ? 'picked' : 'idle';
          return (
            <UnstyledButton
              key={n}
              className={classes.tile}
              data-state={state}
              data-instant={instant || undefined}
              style={drawIndex >= 0 && !instant ? { animationDelay: `${drawIndex * DRAW_STEP_MS}ms` } : undefined}
              aria-pressed={picked}
              aria-label={`Number ${n}${state === 'hit' ? ', hit' : state === 'drawn' ? ', drawn' : ''}`}
              onClick={() => edit(togglePick(picks, n))}
            >
              {n}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {shown && shown.id === revealedId ? (
        <Text
          ta="center"
          fw={700}
          c={shown.state === 'won' ? 'teal' : 'dimmed'}
          data-testid="keno-result"
          aria-live="polite"
        >
          {String((shown.outcome as { hits?: number }).hits)} hits - {formatMultiplier(shown.multiplier)}
        </Text>
      ) : null}
      {table.length > 0 ? (
        <Box style={{ overflowX: 'auto' }}>
          <Table
            withTableBorder
            withColumnBorders
            fz={11}
            horizontalSpacing={4}
            verticalSpacing={4}
            ta="center"
            data-testid="keno-payouts"
            aria-label={`Payouts for ${picks.length} picks`}
          >
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>Hits</Table.Th>
                {table.map((_, hits) => (
                  <Table.Td key={hits}>{hits}</Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Pays</Table.Th>
                {table.map((m, hits) => (
                  <Table.Td key={hits} ff="monospace">
                    {m}x
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Box>
      ) : (
        <Text size="sm" c="dimmed" ta="center">
          Pick 1 to 10 numbers to see what each number of hits pays.
        </Text>
      )}
    </Stack>
  );

  const panel = (
    <BetPanel
      game="keno"
      placeBet={placeBet}
      autobet
      animated
      profits={[{ label: 'Max profit on win', multiplier: maxOfTable(table) }]}
      blockedReason={picks.length === 0 ? 'Pick 1 to 10 numbers' : null}
    >
      <RiskPicker risks={KENO_RISKS} value={risk} onChange={setRisk} size="xs" />
      <Group grow gap="xs">
        <Button variant="default" onClick={() => edit(autoPick(picks.length || 10))} data-testid="keno-autopick">
          Auto pick
        </Button>
        <Button variant="default" onClick={() => edit([])} disabled={picks.length === 0}>
          Clear
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {picks.length} of 10 picked
      </Text>
    </BetPanel>
  );

  return (
    <GameLayout
      slug="keno"
      title="Keno"
      description="Pick 1 to 10 of 40 numbers; 10 are drawn and the hits pay."
      panel={panel}
      board={board}
    />
  );
}
