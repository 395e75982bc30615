import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { ButtonLink } from '../../components/router-links';
import { PlaceholderState } from '../../components/PlaceholderState';
import { emptyCategoryTitle } from '../casino/category-texts';
import { formatCountdown, ticketsLabel } from './raffle-format';
import { estimateUsd, RaffleHighlight } from './RaffleOverview';
import { useCurrentRaffle, useNow } from './use-raffle';

function TimeLeft({ closesAt }: { closesAt: string }) {
  const left = new Date(closesAt).getTime() - useNow(1000);
  return (
    <Text
      fw={800}
      ff="monospace"
      fz="xl"
      data-testid="raffle-card-countdown"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatCountdown(left)}
    </Text>
  );
}

/** The casino's Raffles category: the current raffle at a glance, with the way to /raffle. */
export function RaffleCard() {
  const current = useCurrentRaffle();
  if (current.isPending) return <Skeleton height={180} radius="lg" />;
  const raffle = current.data;
  if (!raffle) {
    return (
      <PlaceholderState
        icon={IconTicket}
        title={emptyCategoryTitle('/casino/raffles')}
        description="The daily raffle will be listed here when it opens."
        actions={
          <ButtonLink to="/raffle" variant="default">
            Past draws
          </ButtonLink>
        }
      />
    );
  }
  return (
    <RaffleHighlight labelledBy="raffle-card-title" testId="raffle-card">
      <Group justify="space-between" align="center" wrap="wrap" gap="lg">
        <Stack gap={4}>
          <Group gap="xs">
            <IconTicket size={22} aria-hidden />
            <Title order={2} fz="lg" id="raffle-card-title">
              Daily raffle #{raffle.id}
            </Title>
            <Badge variant="light" color={raffle.status === 'open' ? 'teal' : 'yellow'}>
              {raffle.status === 'open' ? 'Open' : 'Drawing'}
            </Badge>
          </Group>
          <Text fz={{ base: 30, sm: 38 }} fw={900} lh={1.1} data-testid="raffle-card-pool">
            {estimateUsd(raffle.pool.estimated)}
          </Text>
          <Text size="sm" c="dimmed">
            {raffle.prizes.length} prizes · {ticketsLabel(raffle.totalTickets)} in the draw
            {raffle.mine ? ` · you hold ${ticketsLabel(raffle.mine.tickets)}` : ''}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-start">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Draw in
          </Text>
          <TimeLeft closesAt={raffle.closesAt} />
          <ButtonLink to="/raffle" data-testid="raffle-card-link">
            Enter the raffle
          </ButtonLink>
        </Stack>
      </Group>
    </RaffleHighlight>
  );
}
