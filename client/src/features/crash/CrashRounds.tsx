import { Badge, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { crashPointFromHmac, formatHundredths } from '../../../../server/src/domain/games/rules/crash';
import { trpc } from '../../trpc';
import { RoundDetails, type PastRound, type RoundChain as Chain } from '../rounds/RoundDetails';

/** The strip of recent crash points; each opens the round's details and the verifier. */
export function CrashRounds({ chain }: { chain: Chain | null }) {
  const recent = trpc.crash.rounds.useQuery({ limit: 20 }, { staleTime: 0 });
  const [shown, setShown] = useState<PastRound | null>(null);
  const rounds = recent.data?.rounds ?? [];
  return (
    <>
      <Group gap={6} wrap="nowrap" style={{ overflow: 'hidden' }} aria-label="Recent crash points" data-testid="crash-history">
        {rounds.length === 0 ? (
          <Text size="xs" c="dimmed">
            No rounds played yet.
          </Text>
        ) : (
          rounds.map((round) => (
            <Badge
              key={round.id}
              component="button"
              type="button"
              onClick={() => setShown(round)}
              color={round.state === 'cancelled' ? 'gray' : Number(round.crashPoint) >= 2 ? 'teal' : 'red'}
              variant="light"
              tt="none"
              style={{ cursor: 'pointer', flexShrink: 0 }}
              aria-label={`Round ${round.number} details`}>
              {round.state === 'cancelled' ? 'void' : `${round.crashPoint}x`}
            </Badge>
          ))
        )}
      </Group>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown ? `Round ${shown.number}` : ''} size="lg">
        {shown ? (
          <RoundDetails
            game="crash"
            round={shown}
            chain={chain}
            previous={rounds.find((r) => r.number === shown.number - 1)}
            summary={`Crashed at ${shown.crashPoint}x`}
            betResult={(bet) => (bet.cashedOutAt ? `${bet.cashedOutAt}x` : bet.state)}
            recompute={(value) => `Crash point recomputed: ${formatHundredths(crashPointFromHmac(value))}x`}
          />
        ) : null}
      </Modal>
    </>
  );
}
