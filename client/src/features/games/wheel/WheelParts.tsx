import { Badge, Group, SimpleGrid, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatRatio } from '../../../../../server/src/domain/games/shared/ratio';
import {
  segmentLabel,
  WHEEL_LAYOUT,
  WHEEL_VALUES,
  wheelExactRtp,
  wheelResult,
  wheelSegmentCounts,
  type WheelValue,
} from '../../../../../server/src/domain/games/wheel/rules';
import { trpc } from '../../../trpc';
import type { LiveRound as CrashRound } from '../../rounds/use-live-round';
import { RoundDetails, type RoundChain } from '../../rounds/RoundDetails';
import { RoundHistory } from '../../rounds/RoundHistory';
import { RoundPlayersTable } from '../../rounds/RoundPlayersTable';
import { SEGMENT_COLOURS } from './WheelSvg';
import { formatAmount } from '../../../lib/money';

type WheelOutcome = { spins: number[]; value: number | null; multiplier: number };
const outcomeOf = (round: { wheel?: WheelOutcome }) => round.wheel;
/** "10 x4", "1", "none": the number a round ended on and the multiplier it carried. */
export const landedText = (wheel: WheelOutcome) =>
  `${wheel.value ?? 'no number'}${wheel.multiplier > 1 ? ` x${wheel.multiplier}` : ''}`;

/** The value spots: chips go on a value; each shows what it pays and the chips on it. */
export function ValueSpots({
  stacks,
  currency,
  winner,
  disabled,
  onPlace,
}: {
  stacks: Map<WheelValue, string>;
  currency: string;
  winner: number | null;
  disabled: boolean;
  onPlace: (value: WheelValue) => void;
}) {
  return (
    <SimpleGrid cols={5} spacing={6} role="group" aria-label="Bet spots">
      {WHEEL_VALUES.map((value) => {
        const stake = stacks.get(value);
        return (
          <UnstyledButton
            key={value}
            onClick={() => onPlace(value)}
            disabled={disabled}
            data-testid={`wheel-spot-${value}`}
            data-winner={winner === value ? true : undefined}
            style={{
              background: SEGMENT_COLOURS[String(value)],
              borderRadius: 8,
              padding: '8px 4px',
              textAlign: 'center',
              // Black: at least 4.6:1 on every segment colour (#111 gave 4.2 on the purple 4).
              color: '#000',
              opacity: disabled ? 0.7 : 1,
              outline: winner === value ? '3px solid #63e6be' : undefined,
              cursor: disabled ? 'not-allowed' : 'pointer',
            }}
          >
            <Text fw={900} fz={{ base: 'lg', sm: 'xl' }} inherit>
              {value}
            </Text>
            <Text size="xs" fw={600} inherit>
              pays {value}:1
            </Text>
            <Text size="xs" fw={800} data-testid={`wheel-stake-${value}`} inherit style={{ minHeight: 18 }}>
              {stake ? `${formatAmount(stake, currency)}` : '\u00a0'}
            </Text>
            {/* Named by what it shows first (WCAG 2.5.3), then what a press does. */}
            <VisuallyHidden>, place a chip</VisuallyHidden>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/** This round's players: their chips, stake and win as they happen. */
export function WheelPlayers({ round }: { round: CrashRound | null }) {
  return (
    <RoundPlayersTable
      testId="wheel-players"
      round={round}
      before={{
        header: 'Chips',
        cell: (bet) =>
          (bet.chips ?? []).map((chip) => `${chip.value}: ${formatAmount(chip.amount, bet.currency)}`).join(' · '),
      }}
      result={{
        header: 'Win',
        testId: 'wheel-win',
        win: (bet) => (bet.state === 'won' && bet.payout ? formatAmount(bet.payout, bet.currency) : null),
      }}
    />
  );
}

/** The strip of recent rounds (each opens its details and verifier) and the segments landed in the last 100. */
export function WheelHistory({ chain }: { chain: RoundChain | null }) {
  const recent = trpc.wheel.rounds.useQuery({ limit: 100 }, { staleTime: 0 });
  const rounds = recent.data?.rounds ?? [];
  const counts = new Map<string, number>();
  for (const round of rounds)
    for (const index of outcomeOf(round)?.spins ?? [])
      counts.set(segmentLabel(WHEEL_LAYOUT[index]!), (counts.get(segmentLabel(WHEEL_LAYOUT[index]!)) ?? 0) + 1);
  return (
    <>
      <RoundHistory
        rounds={rounds.slice(0, 20)}
        label="Recent wheel results"
        testId="wheel-history"
        noun="round"
        emptyText="No rounds played yet."
        badge={(round) => {
          const wheel = outcomeOf(round);
          return {
            text: round.state === 'cancelled' || !wheel ? 'void' : landedText(wheel),
            color: wheel?.value ? SEGMENT_COLOURS[String(wheel.value)]! : 'gray',
            filled: true,
          };
        }}
        details={(shown) => (
          <RoundDetails
            game="wheel"
            round={shown}
            chain={chain}
            previous={rounds.find((r) => r.number === shown.number - 1)}
            summary={
              outcomeOf(shown)
                ? `Landed on ${landedText(outcomeOf(shown)!)} (segments ${outcomeOf(shown)!.spins.join(', ')})`
                : ''
            }
            betResult={(bet) => (bet.state === 'won' && bet.payout ? `won ${bet.payout}` : bet.state)}
            recompute={(value) => {
              const result = wheelResult(value);
              return `Segments recomputed: ${result.spins.map((i) => `${i} (${segmentLabel(WHEEL_LAYOUT[i]!)})`).join(', ')}: ${landedText(result)}`;
            }}
          />
        )}
      />
      <Group gap={6} data-testid="wheel-stats">
        <Text size="xs" c="dimmed">
          Last {rounds.length} rounds, segments landed:
        </Text>
        {wheelSegmentCounts().map(({ label }) => (
          // The dot carries the segment's colour; the count is in the text colour (the light variant's coloured text
          // was under 4.5:1 on the card).
          <Badge key={label} size="sm" variant="dot" color={SEGMENT_COLOURS[label]} tt="none" data-label={label}>
            {label}: {counts.get(label) ?? 0}
          </Badge>
        ))}
      </Group>
    </>
  );
}

const percent = (value: WheelValue) => {
  const rtp = wheelExactRtp(value);
  return `${formatRatio({ num: rtp.num * 100n, den: rtp.den }, 4)}%`;
};

/** The published table: segments per label, what each pays, and each bet's exact RTP (re-spins included). */
export function WheelPaytable() {
  return (
    <Table fz="xs" verticalSpacing={2} data-testid="wheel-paytable" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Segment</Table.Th>
          <Table.Th ta="right">Count (of 54)</Table.Th>
          <Table.Th>Pays</Table.Th>
          <Table.Th ta="right">Exact RTP</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {wheelSegmentCounts().map(({ label, count }) => {
          const value = Number(label) as WheelValue;
          const multiplier = label.endsWith('x');
          return (
            <Table.Tr key={label}>
              <Table.Td fw={700}>{label}</Table.Td>
              <Table.Td ta="right">{count}</Table.Td>
              <Table.Td>{multiplier ? `spin again, the next win x${label.slice(0, -1)}` : `${label}:1`}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {multiplier ? '-' : percent(value)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
