import { Box, Group, SegmentedControl, Slider, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState, type CSSProperties } from 'react';
import {
  diceChanceHundredths,
  diceWinMultiplier,
  type DiceCondition,
} from '../../../../../server/src/domain/games/dice/rules';
import { formatRatio } from '../../../../../server/src/domain/games/shared/ratio';
import { trpcClient } from '../../../trpc';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { newClientBetId, untilShown, useRevealedBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { useCountUp, type CountUp } from '../../game-panel/count-up';
import { chanceFromMultiplierText, chanceFromText, targetForChance, targetFromText } from './dice-fields';
import { GameLayout } from '../../game-panel/GameLayout';
import { useInstantBets } from '../../game-panel/instant-bets';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';

/** How long the roll travels to its number; the result, pill and balance show when it lands. */
const DICE_ROLL_MS = 500;

type DiceField = 'target' | 'chance' | 'multiplier';

export function DiceGame() {
  const [target, setTarget] = useState(50.5);
  const [condition, setCondition] = useState<DiceCondition>('over');
  /** The field the player is typing in keeps their text; the other two follow the parsed value. */
  const [editing, setEditing] = useState<{ field: DiceField; text: string } | null>(null);
  const [recent, setRecent] = useState<BetView[]>([]);
  const [roll, setRoll] = useState<CountUp | null>(null);
  const [rolling, setRolling] = useState(false);
  // The plain client, not useMutation: a mutation hook re-renders the whole page twice per bet (pending, done), which a turbo autobet pays ten times a second.
  const betCall = trpcClient.games.dice.bet;
  const instant = useInstantBets();
  const play = useRevealedBet();
  const shownRoll = useCountUp(roll);
  const runs = useRef(0);
  const chance = diceChanceHundredths(target, condition);
  const winMultiplier = chance === null ? null : diceWinMultiplier({ target, condition });
  const multiplier = winMultiplier === null ? null : formatRatio(winMultiplier, 4);
  const last = recent[0];

  function setTargetHundredths(hundredths: number) {
    setTarget(hundredths / 100);
  }

  function edit(field: DiceField, text: string) {
    setEditing({ field, text });
    if (field === 'target') {
      const next = targetFromText(text, condition);
      if (next !== null) setTargetHundredths(next);
      return;
    }
    const nextChance = field === 'chance' ? chanceFromText(text) : chanceFromMultiplierText(text);
    if (nextChance !== null) setTargetHundredths(targetForChance(nextChance, condition));
  }

  /** Flipping keeps the win chance, like a mirror of the target. */
  function flipTo(next: DiceCondition) {
    if (next === condition) return;
    setCondition(next);
    setEditing(null);
    const mirrored = targetFromText((100 - target).toFixed(2), next);
    if (mirrored !== null) setTargetHundredths(mirrored);
  }

  const fieldText = (field: DiceField, derived: string) => (editing?.field === field ? editing.text : derived);

  async function placeBet(stake: Stake) {
    const { onAnswer, shown } = untilShown<{ bet: BetView; balance: string }>((answer) => {
      const to = Number((answer.bet.outcome as { roll?: number }).roll);
      const delayMs = instant ? 0 : DICE_ROLL_MS;
      runs.current += 1;
      setRoll((previous) => ({ from: previous?.to ?? 50, to, durationMs: delayMs, id: runs.current }));
      setRolling(delayMs > 0);
      return {
        delayMs,
        show: () => {
          setRolling(false);
          setRecent((list) => pushRecent(list, answer.bet));
        },
      };
    });
    const result = await play(
      stake.currency,
      () => betCall.mutate({ ...stake, target, condition, clientBetId: newClientBetId() }),
      onAnswer,
    );
    if (result) await shown;
    return result?.bet ?? null;
  }

  const board = (
    <Stack gap="lg" py="md">
      <RecentResults bets={recent} label={(bet) => Number((bet.outcome as { roll?: number }).roll).toFixed(2)} />
      <Text
        ta="center"
        fz={56}
        fw={800}
        ff="monospace"
        c={rolling || !last ? 'dimmed' : last.state === 'won' ? 'teal' : 'red'}
        data-testid="dice-roll"
        data-rolling={rolling || undefined}
        aria-live="polite"
      >
        {shownRoll === null ? '-' : shownRoll.toFixed(2)}
      </Text>
      <Box px="xs">
        <Slider
          min={0}
          max={100}
          step={0.01}
          precision={2}
          value={target}
          onChange={(value) => {
            setEditing(null);
            const next = targetFromText(value.toFixed(2), condition);
            if (next !== null) setTargetHundredths(next);
          }}
          label={(value) => value.toFixed(2)}
          // The filled bar is 0..target: the losing side when rolling over, the winning side when rolling under.
          color={condition === 'over' ? 'red' : 'teal'}
          size="lg"
          thumbLabel="Target"
          marks={[
            { value: 0, label: '0' },
            { value: 25, label: '25' },
            { value: 50, label: '50' },
            { value: 75, label: '75' },
            { value: 100, label: '100' },
          ]}
          style={
            {
              '--slider-track-bg': condition === 'over' ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-red-6)',
            } as CSSProperties
          }
          data-testid="dice-slider"
        />
        {shownRoll !== null ? (
          <Box pos="relative" h={0} aria-hidden>
            <Box
              pos="absolute"
              top={-34}
              left={`calc(${shownRoll}% - 6px)`}
              w={12}
              h={12}
              bg="white"
              style={{ borderRadius: 6 }}
              data-testid="dice-marker"
            />
          </Box>
        ) : null}
      </Box>
      <Group grow gap="sm" mt="lg" align="flex-start">
        <TextInput
          label="Multiplier"
          value={fieldText('multiplier', multiplier ?? '-')}
          onChange={(event) => edit('multiplier', event.currentTarget.value)}
          onBlur={() => setEditing(null)}
          inputMode="decimal"
          rightSection={<Text size="sm">x</Text>}
          data-testid="dice-multiplier"
        />
        <TextInput
          label={`Roll ${condition}`}
          value={fieldText('target', target.toFixed(2))}
          onChange={(event) => edit('target', event.currentTarget.value)}
          onBlur={() => setEditing(null)}
          inputMode="decimal"
          data-testid="dice-target"
        />
        <TextInput
          label="Win chance"
          value={fieldText('chance', chance === null ? '-' : (chance / 100).toFixed(2))}
          onChange={(event) => edit('chance', event.currentTarget.value)}
          onBlur={() => setEditing(null)}
          inputMode="decimal"
          rightSection={<Text size="sm">%</Text>}
          data-testid="dice-chance"
        />
      </Group>
    </Stack>
  );

  const panel = (
    <BetPanel
      game="dice"
      placeBet={placeBet}
      autobet
      animated
      blockedReason={chance === null ? 'Pick a target with a win chance from 0.01% to 98%' : null}
      betLabel="Roll"
      onFlip={() => flipTo(condition === 'over' ? 'under' : 'over')}
      profits={[{ label: 'Profit on win', multiplier: winMultiplier }]}
    >
      <SegmentedControl
        fullWidth
        data={[
          { value: 'under', label: 'Roll under' },
          { value: 'over', label: 'Roll over' },
        ]}
        value={condition}
        onChange={(value) => flipTo(value as DiceCondition)}
        aria-label="Roll over or under"
      />
    </BetPanel>
  );

  return (
    <GameLayout
      slug="dice"
      title="Dice"
      description="Roll over or under your target. Multiplier = 99 / win chance."
      panel={panel}
      board={board}
    />
  );
}
