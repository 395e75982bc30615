import { Alert, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { trpc } from '../../trpc';
import { useIsSignedIn } from '../auth/use-is-signed-in';
import type { RouterOutputs } from '../../lib/router-types';
import { SeedLine } from '../bets/BetDetailsModal';
import { closeSeeds, useOverlays } from './overlay-store';
import { ErrorAlert } from '../../components/ErrorAlert';

type Rotation = RouterOutputs['fairness']['rotate'];

/** Mounted once in the layout; opened from each game page and from /provably-fair. */
export function SeedsHost() {
  const { seedsOpen } = useOverlays();
  return (
    <Modal opened={seedsOpen} onClose={closeSeeds} title="Your seeds" size="lg" centered>
      {seedsOpen ? <SeedsPanel /> : null}
    </Modal>
  );
}

/** Current hash, next hash, client seed (saving a new one rotates), nonce, and the revealed seed after rotating. */
export function SeedsPanel() {
  const isSignedIn = useIsSignedIn();
  const utils = trpc.useUtils();
  const current = trpc.fairness.current.useQuery(undefined, { enabled: isSignedIn, staleTime: 0 });
  const rotate = trpc.fairness.rotate.useMutation();
  const [clientSeed, setClientSeed] = useState('');
  const [rotation, setRotation] = useState<Rotation | null>(null);
  useEffect(() => {
    if (current.data) setClientSeed(current.data.clientSeed);
  }, [current.data]);

  if (!isSignedIn) return <Text size="sm">Log in to see and change your seeds.</Text>;
  const pair = current.data;
  const seedError = /^[ -~]{1,64}$/.test(clientSeed) ? null : 'The client seed is 1 to 64 printable characters';
  const changed = pair !== undefined && clientSeed !== pair.clientSeed;

  async function doRotate() {
    try {
      const result = await rotate.mutateAsync(changed ? { clientSeed } : {});
      setRotation(result);
      utils.fairness.current.setData(undefined, result.current);
      // Bets made with the old pair now show their revealed seed.
      void utils.bets.invalidate();
    } catch {
      // Shown by the ErrorAlert below from the mutation's state.
    }
  }

  return (
    <Stack gap="md" data-testid="seeds-panel">
      <ErrorAlert error={current.error} title="Could not load your seeds" />
      {pair ? (
        <Stack gap={6}>
          <SeedLine label="Active server seed (SHA-256 hash)" value={pair.serverSeedHash} testId="seed-hash" />
          <SeedLine label="Next server seed (SHA-256 hash)" value={pair.nextServerSeedHash} testId="seed-next-hash" />
          <Text size="sm">
            Nonce: <b data-testid="seed-nonce">{pair.nonce}</b>{' '}
            <Text span size="xs" c="dimmed">
              (bets made with this pair)
            </Text>
          </Text>
        </Stack>
      ) : null}
      <TextInput
        label="Client seed"
        description="Your own input to every outcome. Saving a new one rotates the pair."
        value={clientSeed}
        onChange={(event) => setClientSeed(event.currentTarget.value)}
        error={seedError}
        maxLength={64}
        data-testid="client-seed"
      />
      <Group>
        <Button
          onClick={() => void doRotate()}
          loading={rotate.isPending}
          disabled={!pair || Boolean(seedError)}
          data-testid="rotate-seed"
        >
          {changed ? 'Save client seed and rotate' : 'Rotate seed pair'}
        </Button>
        <Button component={Link} to="/provably-fair" variant="subtle" onClick={closeSeeds}>
          How it works
        </Button>
      </Group>
      <ErrorAlert error={rotate.error} title="Could not rotate" />
      {rotation ? (
        <Alert color="teal" variant="light" title="Previous server seed revealed" data-testid="revealed-seed">
          <Stack gap={6}>
            <SeedLine label="Server seed" value={rotation.previous.serverSeed} testId="revealed-server-seed" />
            <SeedLine label="Its hash (as published)" value={rotation.previous.serverSeedHash} />
            <Text size="xs">
              Client seed {rotation.previous.clientSeed}, {rotation.previous.nonce} bets. Verify any of them on the
              provably fair page.
            </Text>
          </Stack>
        </Alert>
      ) : null}
      <Title order={3} fz="sm" c="dimmed" fw={500}>
        Rotation is refused while any of your game rounds is open: its outcome is already fixed by the current seed.
      </Title>
    </Stack>
  );
}
