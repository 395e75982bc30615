import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { trpc } from '../../trpc';
import { openAuthModal } from '../auth/auth-modal-store';
import { useSession } from '../auth/session-store';
import classes from './ProviderGamePage.module.css';
import { ErrorAlert } from '../../components/ErrorAlert';

type Currency = 'USD' | 'BZU';

/**
 * A provider's game in a frame. Opening the page launches a provider session (providers.launch) and frames the URL
 * it answers; the provider moves money through the seamless wallet, and every movement's balance-update reaches the
 * header's balance over the realtime socket, so the page itself keeps no balance.
 */
export function ProviderGamePage({ provider, gameId }: { provider: string; gameId: string }) {
  const { isSignedIn } = useSession();
  const [currency, setCurrency] = useState<Currency>('USD');
  const launch = trpc.providers.launch.useMutation();
  const { mutate } = launch;
  useEffect(() => {
    if (isSignedIn) mutate({ provider, gameId, currency });
  }, [isSignedIn, provider, gameId, currency, mutate]);

  const title = launch.data?.game.name ?? 'Provider game';
  if (!isSignedIn) {
    return (
      <Stack gap="lg">
        <PageHeader title={title} />
        <PlaceholderState
          icon={IconDeviceGamepad2}
          title="Log in to play"
          description="Provider games play with your balance: log in to open this game."
        />
        <Button w="fit-content" onClick={() => openAuthModal('login')}>
          Log in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={launch.data ? `${launch.data.game.providerName} · RTP ${launch.data.game.rtp}%` : undefined}
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          size="xs"
          aria-label="Play currency"
          value={currency}
          onChange={(value) => setCurrency(value as Currency)}
          data={['USD', 'BZU']}
        />
        {launch.data ? (
          <Anchor component={Link} to={`/casino/${launch.data.game.category}`} size="sm">
            More {launch.data.game.category === 'gameshows' ? 'game shows' : launch.data.game.category} games
          </Anchor>
        ) : null}
      </Group>
      <ErrorAlert error={launch.error} title="The game could not be opened" />
      <Paper radius="md" className={classes.stage} withBorder>
        {launch.data ? (
          <iframe
            key={launch.data.url}
            src={launch.data.url}
            title={launch.data.game.name}
            className={classes.frame}
            allow="fullscreen; autoplay"
            referrerPolicy="origin"
            data-testid="provider-frame"
          />
        ) : (
          <Text c="dimmed" size="sm" className={classes.loading}>
            {launch.isPending ? 'Opening the game…' : ''}
          </Text>
        )}
      </Paper>
      <Alert variant="light" color="gray">
        This game is supplied by {launch.data?.game.providerName ?? 'a game provider'}; bets and wins move your balance
        directly, and count for your rank, rakeback and raffle tickets.
      </Alert>
    </Stack>
  );
}
