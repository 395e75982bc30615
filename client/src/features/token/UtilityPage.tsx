import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDiscount, IconTicket, IconTrendingUp } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import { TokenPageFrame } from './TokenSignedIn';
import { formatAmount, formatMoney } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';
import { keyboardScroll } from '../../components/KeyboardScrollArea';

const BENEFITS = [
  {
    icon: IconDiscount,
    title: 'Lower trading fees',
    text: 'The fee on every BZU trade is cut by your tier’s discount. Applied now, on /token/trade: the quote shows the fee you pay.',
  },
  {
    icon: IconTrendingUp,
    title: 'Rakeback boost',
    text: 'Your tier’s boost applies to rakeback: it raises the rakeback of every settled bet, so with +10% a rakeback of 5.00 becomes 5.50. It is read from the BZU in your balance when the bet settles.',
  },
  {
    icon: IconTicket,
    title: 'Raffle tickets',
    text: 'Holders get bonus tickets in every raffle draw, by tier, on top of the tickets wagering earns.',
  },
] as const;

function Utility() {
  const utility = trpc.token.utility.useQuery();
  if (utility.error) return <ErrorAlert error={utility.error} title="Your tier could not be loaded" />;
  const data = utility.data;
  if (!data) return <Skeleton height={360} radius="lg" />;
  return (
    <Stack gap="lg">
      <Paper
        withBorder
        radius="lg"
        p="lg"
        bg="var(--bzu-card)"
        component="section"
        aria-labelledby="tier-title"
        data-testid="current-tier"
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text size="sm" c="dimmed" id="tier-title">
              Your holder tier
            </Text>
            <Title order={2} fz={28} data-testid="tier-name">
              {data.tier.name}
            </Title>
            <Text size="sm" c="dimmed">
              You hold {formatAmount(data.bzu, 'BZU')} BZU.{' '}
              {data.nextTier
                ? `${formatAmount(data.nextTier.bzuNeeded, 'BZU')} more BZU reaches ${data.nextTier.name}.`
                : 'This is the top tier.'}
            </Text>
          </div>
          <Group gap="xs">
            <Badge size="lg" variant="light" data-testid="tier-fee">
              Fee {data.feeBps / 100}% (base {data.baseFeeBps / 100}%)
            </Badge>
            <Badge size="lg" variant="light" color="green" data-testid="tier-rakeback">
              Rakeback +{data.tier.rakebackBoostPercent}%
            </Badge>
            <Badge size="lg" variant="light" color="grape" data-testid="tier-tickets">
              {data.tier.raffleTickets} raffle {data.tier.raffleTickets === 1 ? 'ticket' : 'tickets'}
            </Badge>
          </Group>
        </Group>
      </Paper>
      <SimpleGrid type="container" cols={{ base: 1, '760px': 3 }} spacing="md">
        {BENEFITS.map((benefit) => (
          <Paper key={benefit.title} withBorder radius="lg" p="md" bg="var(--bzu-card)">
            <ThemeIcon variant="light" size="lg" radius="md" mb="xs">
              <benefit.icon size={20} aria-hidden />
            </ThemeIcon>
            <Text fw={700}>{benefit.title}</Text>
            <Text size="sm" c="dimmed">
              {benefit.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="tiers-title">
        <Title order={2} fz="md" mb="sm" id="tiers-title">
          Tiers
        </Title>
        <Table.ScrollContainer minWidth={520} scrollAreaProps={keyboardScroll('Tiers')}>
          <Table fz="sm" data-testid="tier-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tier</Table.Th>
                <Table.Th>BZU held</Table.Th>
                <Table.Th>Fee discount</Table.Th>
                <Table.Th>Rakeback boost</Table.Th>
                <Table.Th>Raffle tickets</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.tiers.map((tier) => (
                <Table.Tr
                  key={tier.id}
                  bg={tier.id === data.tier.id ? 'var(--mantine-primary-color-light)' : undefined}
                  aria-current={tier.id === data.tier.id ? 'true' : undefined}
                >
                  <Table.Td fw={tier.id === data.tier.id ? 700 : undefined}>
                    {tier.name}
                    {tier.id === data.tier.id ? ' (you)' : ''}
                  </Table.Td>
                  <Table.Td ff="monospace">
                    {tier.id === 'none'
                      ? 'under ' + formatMoney(data.tiers[1]?.minBzu ?? '0', 0)
                      : `${formatMoney(tier.minBzu, 0)}+`}
                  </Table.Td>
                  <Table.Td>{tier.feeDiscountPercent}%</Table.Td>
                  <Table.Td>+{tier.rakebackBoostPercent}%</Table.Td>
                  <Table.Td>{tier.raffleTickets}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

export function UtilityPage() {
  return (
    <TokenPageFrame
      title="BZU Utility"
      description="What holding BZU gives you, by tier."
      guestText="Log in to see your holder tier and what it gives you."
    >
      <Utility />
    </TokenPageFrame>
  );
}
