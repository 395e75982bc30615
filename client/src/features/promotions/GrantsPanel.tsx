import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../lib/datetime';
import { formatAmount } from '../../lib/money';
import { trpc } from '../../trpc';
import { openAuthModal } from '../auth/auth-modal-store';
import type { ReloadView } from './use-promotions';

/** Redeem a promo code: what it granted shows under the field. */
export function RedeemCodeCard({ signedIn }: { signedIn: boolean }) {
  const utils = trpc.useUtils();
  const [code, setCode] = useState('');
  const redeem = trpc.promotions.redeemCode.useMutation({
    onSuccess: () => {
      setCode('');
      void utils.promotions.overview.invalidate();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn) return openAuthModal('login');
    redeem.mutate({ code });
  };
  return (
    <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="code-title">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Title order={2} fz="lg" id="code-title">
            Promo code
          </Title>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Code"
              placeholder="WELCOME"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoComplete="off"
              style={{ flex: 1 }}
              data-testid="promo-code-input"
            />
            <Button type="submit" loading={redeem.isPending} disabled={code.trim() === ''}>
              Redeem
            </Button>
          </Group>
          <ErrorAlert error={redeem.error} title="The code was not redeemed" />
          {redeem.data ? (
            <Text size="sm" c="green" role="status" data-testid="promo-code-result">
              {redeem.data.name}: {formatAmount(redeem.data.amount, redeem.data.currency)} {redeem.data.currency} added
              to your balance.
            </Text>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

/** The reloads open now: the formula, what the previous period's wagering makes claimable, and the claim. */
export function ReloadCards({ reloads, signedIn }: { reloads: ReloadView[]; signedIn: boolean }) {
  if (reloads.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {reloads.map((reload) => (
        <ReloadCard key={reload.id} reload={reload} signedIn={signedIn} />
      ))}
    </SimpleGrid>
  );
}

function ReloadCard({ reload, signedIn }: { reload: ReloadView; signedIn: boolean }) {
  const utils = trpc.useUtils();
  const claim = trpc.promotions.claimReload.useMutation({
    onSettled: () => void utils.promotions.overview.invalidate(),
  });
  const claimable = reload.claimable !== '0';
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      bg="var(--bzu-card)"
      component="section"
      aria-label={`Reload ${reload.name}`}
      data-testid={`reload-${reload.id}`}
    >
      <Stack gap="xs">
        <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {reload.name}
        </Title>
        <Text size="sm">{reload.formula}.</Text>
        <Text size="sm" c="dimmed">
          This {reload.period === 'week' ? 'week' : 'day'} (until {formatDateTime(reload.windowEnd)}): you wagered{' '}
          {formatAmount(reload.wageredBefore, reload.currency)} {reload.currency} in the previous one.
        </Text>
        <Group justify="space-between" align="center">
          <Text fw={800} fz="xl" data-testid="reload-claimable">
            {reload.claimed ? 'Claimed' : `${formatAmount(reload.claimable, reload.currency)} ${reload.currency}`}
          </Text>
          <Button
            onClick={() => (signedIn ? claim.mutate({ id: reload.id }) : openAuthModal('login'))}
            loading={claim.isPending}
            disabled={signedIn && (!claimable || reload.claimed)}
          >
            Claim
          </Button>
        </Group>
        <ErrorAlert error={claim.error} title="The reload was not claimed" />
      </Stack>
    </Paper>
  );
}
