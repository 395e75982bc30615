import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBallFootball } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { trpc } from '../../trpc';
import { OddsButton } from './OddsButton';
import { kickoff, listedEvents, marketLabel } from './sports-format';
import { SportsNav } from './SportsLayout';
import type { SportsEvent } from './use-sports';
import { ErrorAlert } from '../../components/ErrorAlert';

export function EventStatusBadge({ status }: { status: string }) {
  if (status === 'live')
    return (
      <Badge color="red" variant="filled" size="sm">
        Live
      </Badge>
    );
  if (status === 'upcoming') return null;
  return (
    <Badge color="gray" variant="light" size="sm">
      {status}
    </Badge>
  );
}

function EventRow({ event }: { event: SportsEvent }) {
  const main = event.markets[0];
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--bzu-card)" data-testid="sports-event">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} miw={200} style={{ flex: 1 }}>
          <Group gap="xs">
            <EventStatusBadge status={event.status} />
            <Text size="xs" c="dimmed">
              {event.competition} · {kickoff(event.startsAt)}
            </Text>
          </Group>
          <Anchor
            renderRoot={(rootProps) => (
              <Link {...rootProps} to="/sports/event/$eventId" params={{ eventId: event.id }} />
            )}
            fw={600}
            c="var(--bzu-text)"
          >
            {event.home} v {event.away}
          </Anchor>
          {main ? (
            <Text size="xs" c="dimmed">
              {marketLabel(main.type, main.line)}
              {event.markets.length > 1 ? ` · +${event.markets.length - 1} more` : ''}
            </Text>
          ) : null}
        </Stack>
        {main ? (
          <Group gap={6} wrap="nowrap" style={{ flex: '1 1 240px' }} maw={360}>
            {main.selections.map((selection) => (
              <OddsButton key={selection.id} event={event} market={main} selection={selection} />
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No markets yet
          </Text>
        )}
      </Group>
    </Paper>
  );
}

/** /sports: live and upcoming events by sport, each with its first market's prices. */
export function SportsPage() {
  const events = trpc.sports.events.useQuery({ status: 'open' });
  const bySport = new Map<string, SportsEvent[]>();
  for (const event of listedEvents(events.data ?? []))
    bySport.set(event.sport, [...(bySport.get(event.sport) ?? []), event]);
  return (
    <Stack gap={0}>
      <PageHeader title="Sports" />
      <SportsNav />
      <ErrorAlert error={events.error} title="Could not load events" />
      {events.data && listedEvents(events.data).length === 0 ? (
        <PlaceholderState
          icon={IconBallFootball}
          title="No events yet"
          description="There are no events to bet on right now. Events and odds appear here as soon as they are published."
        />
      ) : null}
      <Stack gap="lg">
        {[...bySport.entries()].map(([sport, list]) => {
          const live = list.filter((event) => event.status === 'live');
          const upcoming = list.filter((event) => event.status !== 'live');
          return (
            <Stack key={sport} gap="xs" component="section" aria-label={sport}>
              <Title order={2} fz="lg">
                {sport}
              </Title>
              {live.length > 0 ? (
                <Text size="xs" tt="uppercase" fw={700} c="red">
                  Live now
                </Text>
              ) : null}
              {live.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
              {upcoming.length > 0 && live.length > 0 ? (
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Upcoming
                </Text>
              ) : null}
              {upcoming.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
