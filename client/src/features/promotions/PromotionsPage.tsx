import { Alert, Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';
import { RedeemCodeCard, ReloadCards } from './GrantsPanel';
import { ActiveBonusCard, BonusOffers } from './BonusPanel';
import { RaceCard } from './RaceCard';
import { usePromotions } from './use-promotions';

const BARRIER_TEXT = {
  excluded: 'Promotions are not offered while a time-out, self-exclusion or account closure is in force.',
  'opted-out': 'You opted out of promotions, so none are offered to you.',
} as const;

/**
 * /promotions: the live wager races (countdown, prizes, the board moving over the `race` channel, your place), promo
 * code redemption, reloads to claim, and the finished races with their final boards.
 */
export function PromotionsPage() {
  const overview = usePromotions();
  const { user } = useSession();
  const viewerId = user?.id === undefined ? null : Number(user.id);
  const utils = trpc.useUtils();
  // A race reached its end: the worker pays it within 30 s; read again so the final board shows.
  const onElapsed = useCallback(() => {
    window.setTimeout(() => void utils.promotions.overview.invalidate(), 5_000);
  }, [utils]);
  const data = overview.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Promotions"
        description="Wager races with live leaderboards, bonuses, promo codes and reloads. Prizes are paid automatically."
      />
      {overview.isPending ? (
        <Skeleton height={260} radius="lg" />
      ) : overview.error ? (
        <ErrorAlert error={overview.error} title="Promotions could not be loaded" />
      ) : data ? (
        <>
          {data.bonus ? <ActiveBonusCard bonus={data.bonus} /> : null}
          {data.barrier ? (
            <Alert color="gray" variant="light" title="No offers for you" data-testid="promotions-barrier">
              <Text size="sm">
                {BARRIER_TEXT[data.barrier]}{' '}
                {data.barrier === 'opted-out' ? (
                  <Anchor component={Link} to="/account/settings">
                    Change it in your settings.
                  </Anchor>
                ) : null}
              </Text>
            </Alert>
          ) : (
            <>
              <RedeemCodeCard signedIn={viewerId !== null} />
              <ReloadCards reloads={data.reloads} signedIn={viewerId !== null} />
              {data.bonus ? null : <BonusOffers offers={data.bonusOffers} signedIn={viewerId !== null} />}
            </>
          )}
          {data.races.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="no-races">
              No race is running right now.
            </Text>
          ) : (
            data.races.map((race) => (
              <RaceCard key={race.id} race={race} viewerId={data.barrier ? null : viewerId} onElapsed={onElapsed} />
            ))
          )}
          {data.past.length > 0 ? (
            <Stack gap="md">
              <Title order={2} fz="lg">
                Finished races
              </Title>
              {data.past.map((race) => (
                <RaceCard key={race.id} race={race} viewerId={viewerId} onElapsed={onElapsed} />
              ))}
            </Stack>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
