import { Skeleton, Stack } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../trpc';
import { PastDraws, pastPageInput, replaySourceOf } from './PastDraws';
import { RaffleInfo } from './RaffleInfo';
import { NoRaffle, RaffleOverview } from './RaffleOverview';
import { EMPTY_REPLAY, RaffleReplay, type ReplaySource } from './RaffleReplay';
import { useCurrentRaffle, type DrawnRaffle } from './use-raffle';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * /raffle: the current raffle (countdown, pool, prizes, the player's tickets and free entry), how tickets are earned
 * and how the draw is made, the past draws with their winners, and a replay that re-runs any draw in the browser.
 */
export function RafflePage() {
  const current = useCurrentRaffle();
  const utils = trpc.useUtils();
  const replayRef = useRef<HTMLDivElement>(null);
  // The replay starts from the newest draw once it is known, until the player picks another or types.
  const [picked, setPicked] = useState<{ key: string; source: ReplaySource } | null>(null);
  const newest = trpc.raffle.past.useQuery(pastPageInput(), { staleTime: 30_000 }).data?.items[0];
  // Query results keep their identity while unchanged (structural sharing), so a refetch does not reset the panel.
  const newestReplay = useMemo(
    () => (newest ? { key: `draw-${newest.id}`, source: replaySourceOf(newest) } : null),
    [newest],
  );
  const replay = picked ?? newestReplay ?? { key: 'empty', source: EMPTY_REPLAY };

  const onReplay = useCallback((draw: DrawnRaffle) => {
    setPicked({ key: `draw-${draw.id}-${Date.now()}`, source: replaySourceOf(draw) });
    replayRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  // The countdown reached zero: the worker closes and draws within a minute; look again until it shows.
  const onElapsed = useCallback(() => {
    void utils.raffle.invalidate();
  }, [utils]);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Raffle"
        description="A provably fair draw every day. Tickets come from play, holding BZU adds more, and one entry a day is free."
      />
      {current.isPending ? (
        <Skeleton height={260} radius="lg" />
      ) : current.error ? (
        <ErrorAlert error={current.error} title="The raffle could not be loaded" />
      ) : current.data ? (
        <>
          <RaffleOverview raffle={current.data} onElapsed={onElapsed} />
          <RaffleInfo raffle={current.data} />
        </>
      ) : (
        <NoRaffle />
      )}
      <PastDraws onReplay={onReplay} />
      <div ref={replayRef} style={{ scrollMarginTop: 80 }}>
        <RaffleReplay key={replay.key} source={replay.source} />
      </div>
    </Stack>
  );
}
