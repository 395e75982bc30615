import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../trpc';
import { OddsButton } from './OddsButton';
import { kickoff, marketLabel } from './sports-format';
import { EventStatusBadge } from './SportsPage';
import { ErrorAlert } from '../../components/ErrorAlert';

/** /sports/event/$eventId: every market of one event. */
export function EventPage({ eventId }: { eventId: string }) {
  const event = trpc.sports.event.useQuery({ id: eventId });
  const data = event.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/sports" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> All events
        </Group>
      </Anchor>
      <ErrorAlert error={event.error} title="Could not load the event" />
      {data ? (
        <>
          <PageHeader
            title={`${data.home} v ${data.away}`}
            description={
              <>
                {data.sport} · {data.competition} · {kickoff(data.startsAt)}
              </>
            }
            actions={<EventStatusBadge status={data.status} />}
          />
          {data.markets.length === 0 ? <Text c="dimmed">No markets are open for this event.</Text> : null}
          {data.markets.map((market) => (
            <Paper
              key={market.id}
              withBorder
              radius="md"
              p="md"
              bg="var(--bzu-card)"
              component="section"
              aria-label={marketLabel(market.type, market.line)}
            >
              <Group justify="space-between" mb="xs">
                <Title order={2} fz="md">
                  {marketLabel(market.type, market.line)}
                </Title>
                {market.status !== 'open' ? (
                  <Badge color={market.status === 'settled' ? 'gray' : 'yellow'} variant="light">
                    {market.status}
                  </Badge>
                ) : null}
              </Group>
              <Group gap="xs" wrap="nowrap">
                {market.selections.map((selection) => (
                  <OddsButton key={selection.id} event={data} market={market} selection={selection} />
                ))}
              </Group>
            </Paper>
          ))}
        </>
      ) : null}
    </Stack>
  );
}
