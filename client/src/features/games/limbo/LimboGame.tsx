import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { limboParamsError, limboWinMultiplier } from '../../../../../server/src/domain/games/limbo/rules';
import { trpcClient } from '../../../trpc';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { newClientBetId, untilShown, useRevealedBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { useCountUp, type CountUp } from '../../game-panel/count-up';
import { GameLayout } from '../../game-panel/GameLayout';
import { useInstantBets } from '../../game-panel/instant-bets';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';

export function LimboGame() {
  const [targetText, setTargetText] = useState('2.00');
  const [recent, setRecent] = useState<BetView[]>([]);
  const betCall = trpcClient.games.limbo.bet;
  const target = Number(targetText);
  const paramsError =
    targetText.trim() === '' || !Number.isFinite(target) ? 'Enter a target multiplier' : limboParamsError({ target });
  const [count, setCount] = useState<CountUp | null>(null);
  const [counting, setCounting] = useState(false);
  const instant = useInstantBets();
  const play = useRevealedBet();
  const runs = useRef(0);
  // Counted on a log scale, so 1.00x to 2.00x and 1.00x to 10000x both visibly climb the whole way.
  const logShown = useCountUp(count);
  const shownResult = logShown === null ? null : Math.floor(Math.exp(logShown) * 100 + 1e-6) / 100;
  const last = recent[0];

  async function placeBet(stake: Stake) {
    const { onAnswer, shown } = untilShown<{ bet: BetView; balance: string }>((answer) => {
      const result = Number((answer.bet.outcome as { result?: number }).result);
      const durationMs = instant ? 0 : limboCountMs(result);
      runs.current += 1;
      setCount({ from: 0, to: Math.log(result), durationMs, id: runs.current });
      setCounting(durationMs > 0);
      return {
        delayMs: durationMs,
        show: () => {
          setCounting(false);
          setRecent((list) => pushRecent(list, answer.bet));
        },
      };
    });
    const result = await play(
      stake.currency,
      () => betCall.mutate({ ...stake, target, clientBetId: newClientBetId() }),
      onAnswer,
    );
    if (result) await shown;
    return result?.bet ?? null;
  }

  const board = (
    <Stack gap="lg" py="xl" align="stretch">
      <RecentResults bets={recent} label={(bet) => `${String((bet.outcome as { result?: number }).result)}x`} />
      <Text
        ta="center"
        fz={{ base: 48, sm: 72 }}
        fw={800}
        ff="monospace"
        c={counting || !last ? 'dimmed' : last.state === 'won' ? 'teal' : 'red'}
        data-testid="limbo-result"
        data-counting={counting || undefined}
        aria-live="polite"
      >
        {shownResult === null ? '1.00x' : `${shownResult.toFixed(2)}x`}
      </Text>
      <Group grow>
        <TextInput label="Payout on win" value={paramsError ? '-' : `${target.toFixed(2)}x`} readOnly />
        <TextInput
          label="Win chance"
          value={paramsError ? '-' : `${(99 / target).toFixed(6).replace(/0+$/, '').replace(/\.$/, '')}%`}
          readOnly
          data-testid="limbo-chance"
        />
      </Group>
    </Stack>
  );

  const panel = (
    <BetPanel
      game="limbo"
      placeBet={placeBet}
      autobet
      animated
      profits={[{ label: 'Profit on win', multiplier: paramsError ? null : limboWinMultiplier({ target }) }]}
      blockedReason={paramsError ? 'Target: 1.01 to 1000000, at most 2 decimals' : null}
    >
      <TextInput
        label="Target multiplier"
        value={targetText}
        onChange={(event) => setTargetText(event.currentTarget.value)}
        inputMode="decimal"
        rightSection={<Text size="sm">x</Text>}
        error={paramsError && targetText.trim() !== '' ? 'From 1.01 to 1000000, 2 decimals' : undefined}
        data-testid="limbo-target"
      />
    </BetPanel>
  );

  return (
    <GameLayout
      slug="limbo"
      title="Limbo"
      description="Pick a target multiplier; you win it when the result reaches it."
      panel={panel}
      board={board}
    />
  );
}

/** A longer climb for a bigger result, within a beat: 1.5x about 0.4 s, 1000x and up 1 s. */
function limboCountMs(result: number): number {
  return Math.round(Math.min(1000, 350 + 100 * Math.log10(Math.max(1, result)) * 2));
}
