import {
  AccordionChevron,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/datetime';
import { exactUsd } from './RaffleOverview';
import type { ReplaySource, ShownWinner } from './RaffleReplay';
import { paidAnyPrize, ticketsLabel } from './raffle-format';
import type { DrawnRaffle } from './use-raffle';
import { ErrorAlert } from '../../components/ErrorAlert';

export const PAST_DRAWS_PAGE = 5;

/** One page of past draws: the newest without a cursor (the page's replay starts from its first draw). */
export function pastPageInput(cursor?: string): { limit: number; cursor?: string } {
  return cursor ? { limit: PAST_DRAWS_PAGE, cursor } : { limit: PAST_DRAWS_PAGE };
}

/** Where a draw's entrants list is downloaded: exactly the bytes its entrants hash covers. */
export function entrantsCsvUrl(raffleId: string): string {
  return `/api/raffle/${encodeURIComponent(raffleId)}/entrants.csv`;
}

/** A past draw as the replay panel takes it: every prize of the table, the unawarded ones without a ticket. */
export function replaySourceOf(draw: DrawnRaffle): ReplaySource {
  const winners: ShownWinner[] = Array.from({ length: draw.prizeCount }, (_, index) => {
    const prize = draw.prizes.find((candidate) => candidate.index === index);
    return prize
      ? { index, ticket: prize.ticket, userId: prize.userId, label: prize.label, username: prize.username }
      : { index, ticket: null, userId: null };
  });
  return {
    input: {
      raffleId: draw.id,
      serverSeed: draw.serverSeed,
      serverSeedHash: draw.serverSeedHash,
      entrantsHash: draw.entrantsHash,
      entrantsCsv: '',
      prizeCount: String(draw.prizeCount),
    },
    winners,
    csvOf: draw.id,
  };
}

function VerificationData({ draw }: { draw: DrawnRaffle }) {
  const rows = [
    ['Server seed (revealed)', draw.serverSeed, 'past-server-seed'],
    ['Server seed hash', draw.serverSeedHash, 'past-seed-hash'],
    ['Entrants hash', draw.entrantsHash, 'past-entrants-hash'],
  ] as const;
  return (
    <Stack gap={6}>
      {rows.map(([label, value, testId]) => (
        <Stack key={label} gap={2}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Code fz="xs" style={{ wordBreak: 'break-all' }} data-testid={testId}>
            {value}
          </Code>
        </Stack>
      ))}
    </Stack>
  );
}

function WinnersTable({ draw }: { draw: DrawnRaffle }) {
  if (draw.prizes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nobody entered: the whole pool rolled into the jackpot.
      </Text>
    );
  }
  if (!paidAnyPrize(draw.prizes)) {
    return (
      <Text size="sm" c="dimmed" data-testid="past-no-prizes">
        No prizes: the pool was $0, so the tickets were drawn but nobody won anything.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={300} type="auto">
      <Table fz="sm" verticalSpacing={4} striped data-testid="past-winners" aria-label={`Winners of raffle ${draw.id}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Prize</Table.Th>
            <Table.Th>Winner</Table.Th>
            <Table.Th ta="right">Ticket</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draw.prizes.map((prize) => (
            <Table.Tr key={prize.index} data-testid="past-winner">
              <Table.Td>{prize.label}</Table.Td>
              <Table.Td>
                <Text size="sm" truncate maw={180}>
                  {prize.username}
                </Text>
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                #{prize.ticket}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {exactUsd(prize.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function DrawSummary({ draw }: { draw: DrawnRaffle }) {
  const first = draw.prizes[0];
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" style={{ flex: 1 }}>
      <Group gap="xs" wrap="nowrap">
        <Badge variant="light" size="md">
          #{draw.id}
        </Badge>
        <Text size="sm" c="dimmed">
          {formatDateTime(draw.drawnAt)}
        </Text>
      </Group>
      <Group gap="md" wrap="wrap">
        <Text size="sm" fw={700}>
          {exactUsd(draw.pool)}
        </Text>
        <Text size="sm" c="dimmed">
          {!first ? 'no entrants' : paidAnyPrize(draw.prizes) ? `1st: ${first.username}` : 'no prizes'}
        </Text>
      </Group>
    </Group>
  );
}

function DrawDetails({ draw, onReplay }: { draw: DrawnRaffle; onReplay: (draw: DrawnRaffle) => void }) {
  return (
    <Stack gap="md">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {ticketsLabel(draw.totalTickets)} from {draw.players.toLocaleString('en-US')}{' '}
          {draw.players === 1 ? 'player' : 'players'}
        </Text>
        <Text size="sm" c="dimmed">
          Jackpot carried in {exactUsd(draw.jackpotCarried)}; not awarded {exactUsd(draw.unawardedAmount)}
        </Text>
      </Group>
      <SimpleGrid type="container" cols={{ base: 1, '700px': 2 }} spacing="md">
        <WinnersTable draw={draw} />
        <Stack gap="sm">
          <VerificationData draw={draw} />
          <Group gap="xs">
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              onClick={() => onReplay(draw)}
              data-testid="replay-this-draw"
            >
              Replay this draw
            </Button>
            <Button
              size="xs"
              variant="default"
              component="a"
              href={entrantsCsvUrl(draw.id)}
              download={`raffle-${draw.id}-entrants.csv`}
              data-testid="entrants-csv-link"
            >
              Entrants CSV
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * One draw: the summary line opens its winners and verification data. (A plain disclosure: Mantine's Accordion
 * reshuffles the shared chunks so that the first screen grows past its budget.)
 */
function PastDraw({
  draw,
  onReplay,
  initiallyOpen,
}: {
  draw: DrawnRaffle;
  onReplay: (draw: DrawnRaffle) => void;
  initiallyOpen: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const detailsId = `past-draw-${draw.id}`;
  return (
    <Paper withBorder radius="md" bg="var(--bzu-input)" data-testid="past-draw">
      <UnstyledButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={detailsId}
        w="100%"
        p="sm"
        data-testid="past-draw-toggle"
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <DrawSummary draw={draw} />
          {/* The sidebar's chevron (already loaded with the first screen: no extra chunk). */}
          <AccordionChevron
            size={16}
            aria-hidden
            style={{ flexShrink: 0, transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </Group>
      </UnstyledButton>
      {open ? (
        <Box id={detailsId} px="sm" pb="sm">
          <DrawDetails draw={draw} onReplay={onReplay} />
        </Box>
      ) : null}
    </Paper>
  );
}

/** Past draws, newest first: winners, prizes and the data that verifies each; older pages on demand. */
export function PastDraws({ onReplay }: { onReplay: (draw: DrawnRaffle) => void }) {
  // Pages by cursor rather than useInfiniteQuery: that one adds a `direction` field the strict input refuses.
  const [cursors, setCursors] = useState<string[]>([]);
  const pages = trpc.useQueries((t) =>
    [undefined, ...cursors].map((cursor) => t.raffle.past(pastPageInput(cursor), { staleTime: 30_000 })),
  );
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const draws = pages.flatMap((page) => page.data?.items ?? []);
  const olderCursor = last.data?.nextCursor ?? null;
  const past = {
    error: pages.find((page) => page.error)?.error ?? null,
    isPending: first.isPending,
    isFetchingNextPage: last.isPending,
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="past-title"
      data-testid="past-draws"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="past-title">
          Past draws
        </Title>
        <ErrorAlert error={past.error} title="Past draws could not be loaded" />
        {past.isPending ? (
          <Skeleton height={120} />
        ) : draws.length === 0 ? (
          <Text size="sm" c="dimmed">
            No raffle has been drawn yet. The first draw and its winners will be listed here.
          </Text>
        ) : (
          <Stack gap="xs" data-testid="past-draw-list">
            {draws.map((draw, index) => (
              <PastDraw key={draw.id} draw={draw} onReplay={onReplay} initiallyOpen={index === 0} />
            ))}
          </Stack>
        )}
        {olderCursor || (cursors.length > 0 && past.isFetchingNextPage) ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => olderCursor && setCursors((list) => [...list, olderCursor])}
            disabled={past.isFetchingNextPage}
          >
            {past.isFetchingNextPage ? 'Loading...' : 'Older draws'}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
