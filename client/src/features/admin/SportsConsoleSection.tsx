import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { trpc } from '../../trpc';
import { kickoff, marketLabel } from '../sports/sports-format';
import type { SportsEvent, SportsMarket } from '../sports/use-sports';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ConsoleForm, ConsoleSection, useForm } from './console-parts';

type MarketType = '1x2' | 'moneyline' | 'totals' | 'handicap';

function selectionNames(type: MarketType, event: SportsEvent): string[] {
  if (type === '1x2') return [event.home, 'Draw', event.away];
  if (type === 'totals') return ['Over', 'Under'];
  return [event.home, event.away];
}

/** Every console mutation refreshes the console list and the public catalogue. */
function useRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.sports.events.invalidate();
    void utils.sports.events.invalidate();
    void utils.sports.event.invalidate();
  };
}

function CreateEventForm() {
  const refresh = useRefresh();
  const { form, setForm, field } = useForm({ sport: 'Football', competition: '', home: '', away: '', startsAt: '' });
  const create = trpc.admin.sports.createEvent.useMutation({
    onSuccess: () => (refresh(), setForm((current) => ({ ...current, home: '', away: '' }))),
  });
  return (
    <ConsoleForm
      title="New event"
      onSubmit={() => {
        if (!form.startsAt) return;
        create.mutate({ ...form, startsAt: new Date(form.startsAt).toISOString() });
      }}
      error={create.error}
      errorTitle="Event not created"
      submitLabel="Create event"
      pending={create.isPending}
    >
      <Group grow gap="xs" wrap="wrap">
        <TextInput size="xs" label="Sport" required {...field('sport')} />
        <TextInput size="xs" label="Competition" required {...field('competition')} />
      </Group>
      <Group grow gap="xs" wrap="wrap">
        <TextInput size="xs" label="Home" required {...field('home')} />
        <TextInput size="xs" label="Away" required {...field('away')} />
        <TextInput size="xs" label="Starts at" type="datetime-local" required {...field('startsAt')} />
      </Group>
    </ConsoleForm>
  );
}

function AddMarketForm({ event }: { event: SportsEvent }) {
  const refresh = useRefresh();
  const [type, setType] = useState<MarketType>('1x2');
  const [line, setLine] = useState('');
  const [odds, setOdds] = useState<string[]>(['', '', '']);
  const add = trpc.admin.sports.addMarket.useMutation({ onSuccess: () => (refresh(), setOdds(['', '', ''])) });
  const names = selectionNames(type, event);
  const needsLine = type === 'totals' || type === 'handicap';
  return (
    <form
      onSubmit={(submitted: FormEvent) => {
        submitted.preventDefault();
        add.mutate({
          eventId: event.id,
          type,
          line: needsLine ? line : undefined,
          selections: names.map((name, index) => ({ name, odds: odds[index] ?? '' })),
        });
      }}
      aria-label={`Add market to ${event.home} v ${event.away}`}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          size="xs"
          label="Market"
          w={130}
          data={[
            { value: '1x2', label: '1X2' },
            { value: 'moneyline', label: 'Moneyline' },
            { value: 'totals', label: 'Totals' },
            { value: 'handicap', label: 'Handicap' },
          ]}
          value={type}
          onChange={(value) => value && setType(value as MarketType)}
          allowDeselect={false}
        />
        {needsLine ? (
          <TextInput size="xs" label="Line" w={70} value={line} onChange={(e) => setLine(e.currentTarget.value)} />
        ) : null}
        {names.map((name, index) => (
          <TextInput
            key={`${type}-${index}`}
            size="xs"
            w={90}
            label={`${name} odds`}
            placeholder="2.00"
            value={odds[index] ?? ''}
            onChange={(e) => {
              const next = [...odds];
              next[index] = e.currentTarget.value;
              setOdds(next);
            }}
          />
        ))}
        <Button size="xs" type="submit" variant="light" loading={add.isPending}>
          Add market
        </Button>
      </Group>
      <ErrorAlert error={add.error} title="Market not added" />
    </form>
  );
}

/** Whether the event has not kicked off yet: settling it then is almost always a slip. */
function notStarted(event: SportsEvent): boolean {
  return event.status === 'upcoming' && new Date(event.startsAt).getTime() > Date.now();
}

function MarketControls({ market, event }: { market: SportsMarket; event: SportsEvent }) {
  const refresh = useRefresh();
  const setOdds = trpc.admin.sports.setOdds.useMutation({ onSuccess: refresh });
  const setStatus = trpc.admin.sports.setMarketStatus.useMutation({ onSuccess: refresh });
  const settle = trpc.admin.sports.settleMarket.useMutation({ onSuccess: refresh });
  /** The result the operator clicked (a selection id or 'void'), waiting for confirmation: settling pays out. */
  const [settling, setSettling] = useState<string | null>(null);
  const winnerName = market.selections.find((selection) => selection.id === settling)?.name;
  const [draft, setDraft] = useState<Record<string, string>>({});
  const label = marketLabel(market.type, market.line);
  const resultsFor = (winner: string | 'void') =>
    market.selections.map((selection) => ({
      selectionId: selection.id,
      result: winner === 'void' ? ('void' as const) : selection.id === winner ? ('won' as const) : ('lost' as const),
    }));
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      data-testid="console-market"
      aria-label={`Market ${label}`}
      component="section"
    >
      <Group justify="space-between" mb={6} wrap="wrap" gap={6}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Group gap={6}>
          <Badge
            size="sm"
            variant="light"
            color={market.status === 'open' ? 'green' : market.status === 'suspended' ? 'yellow' : 'gray'}
          >
            {market.status}
          </Badge>
          {market.status !== 'settled' ? (
            <Button
              size="compact-xs"
              variant="default"
              onClick={() =>
                setStatus.mutate({ marketId: market.id, status: market.status === 'open' ? 'suspended' : 'open' })
              }
            >
              {market.status === 'open' ? 'Suspend' : 'Resume'}
            </Button>
          ) : null}
          <Button size="compact-xs" variant="default" color="gray" onClick={() => setSettling('void')}>
            Void
          </Button>
        </Group>
      </Group>
      <Stack gap={4}>
        {market.selections.map((selection) => (
          <Group key={selection.id} gap="xs" wrap="wrap">
            <Text size="sm" lineClamp={1} style={{ flex: '1 1 100px' }}>
              {selection.name}
            </Text>
            <TextInput
              size="xs"
              w={80}
              aria-label={`Odds of ${selection.name}`}
              value={draft[selection.id] ?? selection.odds}
              onChange={(e) => setDraft({ ...draft, [selection.id]: e.currentTarget.value })}
              disabled={market.status === 'settled'}
            />
            <Button
              size="compact-xs"
              variant="light"
              disabled={market.status === 'settled' || (draft[selection.id] ?? selection.odds) === selection.odds}
              onClick={() => setOdds.mutate({ selectionId: selection.id, odds: draft[selection.id] ?? selection.odds })}
            >
              Set odds
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="green"
              onClick={() => setSettling(selection.id)}
              aria-label={`${selection.name} won`}
            >
              Won
            </Button>
            {selection.result ? (
              <Badge
                size="xs"
                variant="light"
                color={selection.result === 'won' ? 'green' : selection.result === 'lost' ? 'red' : 'gray'}
              >
                {selection.result}
              </Badge>
            ) : null}
          </Group>
        ))}
      </Stack>
      <ErrorAlert error={setOdds.error ?? setStatus.error ?? settle.error} title="Not changed" />
      {settling !== null ? (
        // Asked in place (the console's markets are many and short): the result, and a warning before kick-off.
        <Alert
          color={notStarted(event) ? 'orange' : 'blue'}
          variant="light"
          mt="xs"
          role="alertdialog"
          aria-label={`Settle ${label}?`}
          data-testid="settle-confirm"
        >
          <Stack gap="xs">
            <Text size="sm" data-testid="settle-summary">
              Settle {event.home} v {event.away}, {label}:{' '}
              <b>
                {settling === 'void'
                  ? 'void (every stake is returned)'
                  : `${winnerName ?? ''} won, every other selection lost`}
              </b>
              . Bets on this market are paid out by this result.
            </Text>
            {notStarted(event) ? (
              <Text size="sm" fw={600} data-testid="settle-not-started">
                This event has not started yet: it kicks off {kickoff(event.startsAt)}.
              </Text>
            ) : null}
            <Group gap="xs">
              <Button size="compact-sm" variant="default" onClick={() => setSettling(null)}>
                Cancel
              </Button>
              <Button
                size="compact-sm"
                color={settling === 'void' ? 'gray' : 'green'}
                loading={settle.isPending}
                onClick={() =>
                  settle.mutate(
                    { marketId: market.id, results: resultsFor(settling) },
                    { onSettled: () => setSettling(null) },
                  )
                }
                data-testid="confirm-action"
              >
                {settling === 'void' ? 'Void the market' : `Settle: ${winnerName ?? ''} won`}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Paper>
  );
}

function ConsoleEvent({ event }: { event: SportsEvent }) {
  const refresh = useRefresh();
  const setStatus = trpc.admin.sports.setEventStatus.useMutation({ onSuccess: refresh });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="console-event">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text fw={700}>
              {event.home} v {event.away}
            </Text>
            <Text size="xs" c="dimmed">
              #{event.id} · {event.sport} · {event.competition} · {kickoff(event.startsAt)} · source {event.source}
            </Text>
          </Stack>
          <Select
            size="xs"
            w={140}
            aria-label={`Status of ${event.home} v ${event.away}`}
            data={['upcoming', 'live', 'finished', 'cancelled']}
            value={event.status}
            onChange={(value) =>
              value && value !== event.status && setStatus.mutate({ eventId: event.id, status: value as 'upcoming' })
            }
            allowDeselect={false}
          />
        </Group>
        <ErrorAlert error={setStatus.error} title="Status not changed" />
        {event.markets.map((market) => (
          <MarketControls key={market.id} market={market} event={event} />
        ))}
        {event.status === 'upcoming' || event.status === 'live' ? <AddMarketForm event={event} /> : null}
      </Stack>
    </Paper>
  );
}

/**
 * The sportsbook's operator console (the default source of fixtures, odds and results): create
 * events and markets, move and suspend odds, set the event's status and enter results. Results
 * queue settlement in the worker; entering them again corrects them (resettlement).
 */
export function SportsConsoleSection() {
  const events = trpc.admin.sports.events.useQuery();
  return (
    <ConsoleSection titleId="sports-console-title" title="Sportsbook console">
      <CreateEventForm />
      <ErrorAlert error={events.error} title="Could not load events" />
      {events.data && events.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No events yet.
        </Text>
      ) : null}
      {events.data?.map((event) => (
        <ConsoleEvent key={event.id} event={event} />
      ))}
    </ConsoleSection>
  );
}
