import { Badge, Button, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { TableHeader } from '../../components/TableHeader';
import { formatDateTime } from '../../lib/datetime';
import { trpc } from '../../trpc';
import { formatAmount } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

const PAGE = 20;
const STATE_COLOR = { won: 'teal', lost: 'gray', 'rolled back': 'yellow' } as const;

function StateBadge({ state, hiddenFrom }: { state: keyof typeof STATE_COLOR; hiddenFrom?: 'sm' }) {
  return (
    <Badge color={STATE_COLOR[state]} variant="light" hiddenFrom={hiddenFrom} mt={hiddenFrom ? 4 : undefined}>
      {state}
    </Badge>
  );
}

/**
 * My bets' "Provider games" section: the player's rounds on third-party games (the seamless wallet), newest first,
 * with "Load more" over the keyset cursor. Shown only once the player has one: the originals' table stays the page.
 */
export function ProviderRoundsSection() {
  const query = trpc.providers.myRounds.useInfiniteQuery(
    { limit: PAGE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const rounds = query.data?.pages.flatMap((page) => page.rounds) ?? [];
  if (query.error) return <ErrorAlert error={query.error} title="Could not load your provider games" />;
  if (rounds.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="provider-rounds-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id="provider-rounds-title">
            Provider games
          </Title>
          <Text size="sm" c="dimmed">
            Rounds played on games of our providers. Each bet and win is also on your statement.
          </Text>
        </div>
        <ScrollArea type="auto">
          <Table striped verticalSpacing="xs" data-testid="provider-rounds">
            <TableHeader columns={['Game', 'Date', 'State']} numeric={['Stake', 'Win']} wideOnly={['Date', 'State']} />
            <Table.Tbody>
              {rounds.map((round) => (
                <Table.Tr key={round.id} data-testid="provider-round-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {round.gameName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {round.providerName}
                    </Text>
                    {/* Phones: the state under the name, so the figures fit without a sideways scroll. */}
                    <StateBadge state={round.state} hiddenFrom="sm" />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{formatDateTime(round.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <StateBadge state={round.state} />
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(round.stake, round.currency)} {round.currency}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(round.win, round.currency)} {round.currency}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {query.hasNextPage ? (
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            w="fit-content"
            mx="auto"
          >
            Load more
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
