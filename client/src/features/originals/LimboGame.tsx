import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { limboParamsError } from '../../../../server/src/domain/games/rules';
import { trpc } from '../../trpc';
import { BetPanel, type Stake } from './BetPanel';
import { newClientBetId, runBet } from './bet-session';
import type { BetView } from './bet-types';
import { GameLayout } from './GameLayout';
import { pushRecent, RecentResults } from './RecentResults';

export function LimboGame() {
  const [targetText, setTargetText] = useState('2.00');
  const [recent, setRecent] = useState<BetView[]>([]);
  const mutation = trpc.games.limbo.bet.useMutation();
  const target = Number(targetText);
  const paramsError = targetText.trim() === '' || !Number.isFinite(target) ? 'Enter a target multiplier' : limboParamsError({ target });
  const last = recent[0];
  const lastResult = last ? Number((last.outcome as { result?: number }).result) : null;

  async function placeBet(stake: Stake) {
    const result = await runBet(() => mutation.mutateAsync({ ...stake, target, clientBetId: newClientBetId() }));
    if (result) setRecent((list) => pushRecent(list, result.bet));
    return result?.bet ?? null;
  }

  const board = (
    <Stack gap="lg" py="xl" align="stretch">
      <RecentResults bets={recent} label={(bet) => `${String((bet.outcome as { result?: number }).result)}x`} />
      <Text ta="center" fz={{ base: 48, sm: 72 }} fw={800} ff="monospace" c={last ? (last.state === 'won' ? 'teal' : 'red') : 'dimmed'} data-testid="limbo-result" aria-live="polite">
        {lastResult === null ? '1.00x' : `${lastResult.toFixed(2)}x`}
      </Text>
      <Group grow>
        <TextInput label="Payout on win" value={paramsError ? '-' : `${target.toFixed(2)}x`} readOnly />
        <TextInput label="Win chance" value={paramsError ? '-' : `${(99 / target).toFixed(6).replace(/0+$/, '').replace(/\.$/, '')}%`} readOnly data-testid="limbo-chance" />
      </Group>
    </Stack>
  );

  const panel = (
    <BetPanel game="limbo" placeBet={placeBet} autobet blockedReason={paramsError ? 'Target: 1.01 to 1000000, at most 2 decimals' : null}>
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

  return <GameLayout slug="limbo" title="Limbo" description="Pick a target multiplier; you win it when the result reaches it." panel={panel} board={board} />;
}
