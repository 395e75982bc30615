import { Button, Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../lib/datetime';
import { formatAmount } from '../../lib/money';
import { trpc } from '../../trpc';
import { openAuthModal } from '../auth/auth-modal-store';
import type { PromotionsOverview } from './use-promotions';

type ActiveBonus = NonNullable<PromotionsOverview['bonus']>;
type BonusOffer = PromotionsOverview['bonusOffers'][number];

/** The player's active bonus: balance, the wagering progress as a bar, and its terms. */
export function ActiveBonusCard({ bonus }: { bonus: ActiveBonus }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="bonus-title"
      data-testid="active-bonus"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="bonus-title" style={{ overflowWrap: 'anywhere' }}>
            Your bonus: {bonus.name}
          </Title>
          <Text fw={800} fz="xl" data-testid="bonus-balance">
            {formatAmount(bonus.balance, bonus.currency)} {bonus.currency}
          </Text>
        </Group>
        <Progress value={bonus.progressPercent} size="lg" radius="xl" aria-label="Wagering progress" />
        <Text size="sm" data-testid="bonus-progress">
          Wagered {formatAmount(bonus.wagered, bonus.currency)} of {formatAmount(bonus.requirement, bonus.currency)}{' '}
          {bonus.currency} ({bonus.progressPercent}%). Expires {formatDateTime(bonus.expiresAt)}.
        </Text>
        <List size="xs" c="dimmed">
          {bonus.terms.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/** Bonus offers the player may claim, each with its terms stated in full. */
export function BonusOffers({ offers, signedIn }: { offers: BonusOffer[]; signedIn: boolean }) {
  const utils = trpc.useUtils();
  const claim = trpc.promotions.claimBonus.useMutation({
    onSettled: () => void utils.promotions.overview.invalidate(),
  });
  if (offers.length === 0) return null;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {offers.map((offer) => (
          <Paper
            key={offer.id}
            withBorder
            radius="lg"
            p="lg"
            bg="var(--bzu-card)"
            component="section"
            aria-label={`Bonus ${offer.name}`}
            data-testid={`bonus-offer-${offer.id}`}
          >
            <Stack gap="xs">
              <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {offer.name}
              </Title>
              <List size="sm">
                {offer.terms.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
              <Group justify="flex-end">
                <Button
                  onClick={() => (signedIn ? claim.mutate({ id: offer.id }) : openAuthModal('login'))}
                  loading={claim.isPending && claim.variables?.id === offer.id}
                >
                  Claim bonus
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <ErrorAlert error={claim.error} title="The bonus was not claimed" />
    </Stack>
  );
}
