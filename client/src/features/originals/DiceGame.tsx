import { Box, Group, SegmentedControl, Slider, Stack, Text, TextInput } from '@mantine/core';
import { useState, type CSSProperties } from 'react';
import { diceChanceHundredths, diceWinMultiplier, formatRatio, type DiceCondition } from '../../../../server/src/domain/games/rules';
import { trpc } from '../../trpc';
import { BetPanel, type Stake } from './BetPanel';
import { newClientBetId, runBet } from './bet-session';
import type { BetView } from './bet-types';
import { GameLayout } from './GameLayout';
import { pushRecent, RecentResults } from './RecentResults';

/** A slider position as a 2-decimal target inside the range the condition allows. */
function clampTarget(value: number, condition: DiceCondition): number {
  const hundredths = Math.round(value * 100);
  const [min, max] = condition === 'over' ? [200, 9999] : [1, 9800];
  return Math.min(max, Math.max(min, hundredths)) / 100;
}

export function DiceGame() {
  const [target, setTarget] = useState(50.5);
  const [targetText, setTargetText] = useState('50.50');
  const [condition, setCondition] = useState<DiceCondition>('over');
  const [recent, setRecent] = useState<BetView[]>([]);
  const mutation = trpc.games.dice.bet.useMutation();
  const chance = diceChanceHundredths(target, condition);
  const multiplier = chance === null ? null : formatRatio(diceWinMultiplier({ target, condition }), 4);
  const last = recent[0];
  const lastRoll = last ? Number((last.outcome as { roll?: number }).roll) : null;

  function setTargetValue(value: number) {
    const next = clampTarget(value, condition);
    setTarget(next);
    setTargetText(next.toFixed(2));
  }

  async function placeBet(stake: Stake) {
    const result = await runBet(() => mutation.mutateAsync({ ...stake, target, condition, clientBetId: newClientBetId() }));
    if (result) setRecent((list) => pushRecent(list, result.bet));
    return result?.bet ?? null;
  }

  const board = (
    <Stack gap="lg" py="md">
      <RecentResults bets={recent} label={(bet) => Number((bet.outcome as { roll?: number }).roll).toFixed(2)} />
      <Text ta="center" fz={56} fw={800} ff="monospace" c={last ? (last.state === 'won' ? 'teal' : 'red') : 'dimmed'} data-testid="dice-roll" aria-live="polite">
        {lastRoll === null ? '-' : lastRoll.toFixed(2)}
      </Text>
      <Box px="xs">
        <Slider
          min={0}
          max={100}
          step={0.01}
          precision={2}
          value={target}
          onChange={setTargetValue}
          label={(value) => value.toFixed(2)}
          // The filled bar is 0..target: the losing side when rolling over, the winning side when rolling under.
          color={condition === 'over' ? 'red' : 'teal'}
          size="lg"
          thumbLabel="Target"
          marks={[{ value: 0, label: '0' }, { value: 25, label: '25' }, { value: 50, label: '50' }, { value: 75, label: '75' }, { value: 100, label: '100' }]}
          style={{ '--slider-track-bg': condition === 'over' ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-red-6)' } as CSSProperties}
          data-testid="dice-slider"
        />
        {lastRoll !== null ? (
          <Box pos="relative" h={0} aria-hidden>
            <Box pos="absolute" top={-34} left={`calc(${lastRoll}% - 6px)`} w={12} h={12} bg="white" style={{ borderRadius: 6, transition: 'left 250ms ease-out' }} />
          </Box>
        ) : null}
      </Box>
      <Group grow gap="sm" mt="lg" align="flex-start">
        <TextInput
          label="Multiplier"
          value={multiplier ? `${multiplier}x` : '-'}
          readOnly
          data-testid="dice-multiplier"
        />
        <TextInput
          label={`Roll ${condition}`}
          value={targetText}
          onChange={(event) => {
            setTargetText(event.currentTarget.value);
            const value = Number(event.currentTarget.value);
            if (Number.isFinite(value)) setTarget(clampTarget(value, condition));
          }}
          onBlur={() => setTargetText(target.toFixed(2))}
          inputMode="decimal"
          data-testid="dice-target"
        />
        <TextInput label="Win chance" value={chance === null ? '-' : `${(chance / 100).toFixed(2)}%`} readOnly data-testid="dice-chance" />
      </Group>
    </Stack>
  );

  const panel = (
    <BetPanel game="dice" placeBet={placeBet} autobet blockedReason={chance === null ? 'Pick a target with a win chance from 0.01% to 98%' : null} betLabel="Roll">
      <SegmentedControl
        fullWidth
        data={[
          { value: 'under', label: 'Roll under' },
          { value: 'over', label: 'Roll over' },
        ]}
        value={condition}
        onChange={(value) => {
          // Flipping keeps the win chance, like a mirror of the target.
          const next = value as DiceCondition;
          setCondition(next);
          const mirrored = clampTarget(100 - target, next);
          setTarget(mirrored);
          setTargetText(mirrored.toFixed(2));
        }}
        aria-label="Roll over or under"
      />
    </BetPanel>
  );

  return <GameLayout slug="dice" title="Dice" description="Roll over or under your target. Multiplier = 99 / win chance." panel={panel} board={board} />;
}
