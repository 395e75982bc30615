import { Button, Group, Paper, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { TableCard } from '../../components/TableCard';
import { AssetAmount } from '../../components/AssetAmount';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';
import { openAuthModal } from '../auth/auth-modal-store';
import { formatDateTime } from '../../lib/datetime';
import { BetGameCell, BetResultBadge, BetStakeCells } from './BetCells';
import { openBetDetails } from '../game-panel/overlay-store';
import { gameLines, gameSlugs } from './game-directory';
import { profitColor } from '../game-panel/bet-state';
import { betProfit, gameName, outcomeSummary } from './bet-format';
import { CURRENCIES } from '../game-panel/bet-types';
import { MY_BETS_STATES, type MyBetsSearch } from './my-bets-search';
import { TableHeader } from '../../components/TableHeader';
import { formatAmount } from '../../lib/money';
import { ProviderRoundsSection } from '../providers/ProviderRoundsSection';

const PAGE = 20;

/** The player's bets with filters (in the URL), "Load more" over the cursor, CSV of the filtered set, and per-game stats. */
export function MyBetsPage({ search }: { search: MyBetsSearch }) {
  const { isSignedIn } = useSession();
  if (!isSignedIn) {
    return (
      <Stack>
        <PageHeader title="My bets" />
        <PlaceholderState
          icon={IconReceipt}
          title="Log in to see your bets"
          description="Your bet history, stats and exports live here."
        />
        <Button w="fit-content" onClick={() => openAuthModal('login')}>
          Log in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader title="My bets" description="Every bet you placed on the originals, newest first." />
      <StatsTable />
      <BetsTable search={search} />
      <ProviderRoundsSection />
    </Stack>
  );
}

function BetsTable({ search }: { search: MyBetsSearch }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const query = trpc.bets.mine.useInfiniteQuery(
    { ...search, limit: PAGE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const bets = query.data?.pages.flatMap((page) => page.bets) ?? [];
  const setFilter = (patch: Partial<MyBetsSearch>) =>
    void navigate({ to: '/casino/my-bets', search: (prev: MyBetsSearch) => ({ ...prev, ...patch }), replace: true });

  return (
    <TableCard
      title="Bets"
      titleId="bets-title"
      exportCsv={() => utils.bets.exportCsv.fetch({ game: search.game, currency: search.currency }, { staleTime: 0 })}
      exportTestId="export-csv"
      filters={
        <Group gap="sm" wrap="wrap">
          <Select
            label="Game"
            placeholder="All games"
            clearable
            w={150}
            data={gameSlugs().map((value) => ({ value, label: gameLines(value)?.name ?? value }))}
            value={search.game ?? null}
            onChange={(value) => setFilter({ game: (value ?? undefined) as MyBetsSearch['game'] })}
            data-testid="filter-game"
          />
          <Select
            label="Currency"
            placeholder="All"
            clearable
            w={110}
            data={[...CURRENCIES]}
            value={search.currency ?? null}
            onChange={(value) => setFilter({ currency: (value ?? undefined) as MyBetsSearch['currency'] })}
          />
          <Select
            label="State"
            placeholder="All"
            clearable
            w={120}
            data={MY_BETS_STATES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
            value={search.state ?? null}
            onChange={(value) => setFilter({ state: (value ?? undefined) as MyBetsSearch['state'] })}
          />
        </Group>
      }
      error={query.error}
      errorTitle="Could not load your bets"
      isPending={query.isPending}
      empty={
        bets.length === 0 ? (
          <PlaceholderState
            icon={IconReceipt}
            title="No bets yet"
            description="Bets you place on the originals appear here."
          />
        ) : null
      }
      footer={
        query.hasNextPage ? (
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            w="fit-content"
            mx="auto"
            data-testid="load-more"
          >
            Load more
          </Button>
        ) : null
      }
    >
      <Table striped verticalSpacing="xs" data-testid="my-bets" miw={720}>
        <TableHeader columns={['Game', 'Date', 'Outcome']} numeric={['Bet', 'Multiplier', 'Profit']} />
        <Table.Tbody>
          {bets.map((bet) => {
            const profit = betProfit(bet);
            return (
              // The whole row opens the details (the game's name stays the keyboard's way in).
              <Table.Tr
                key={bet.id}
                onClick={() => openBetDetails(bet)}
                style={{ cursor: 'pointer' }}
                data-testid="my-bet-row"
              >
                <BetGameCell bet={bet} withBetId />
                <Table.Td>
                  <Text size="sm">{formatDateTime(bet.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {outcomeSummary(bet)}
                  </Text>
                </Table.Td>
                <BetStakeCells bet={bet} />
                <Table.Td ta="right">
                  {profit === null || bet.state === 'refunded' ? (
                    <BetResultBadge bet={bet} variant="light" />
                  ) : (
                    <AssetAmount amount={profit} asset={bet.currency} c={profitColor(bet)} />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}

function StatsTable() {
  const stats = trpc.bets.stats.useQuery();
  const rows = stats.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="stats-title">
      <Title order={2} fz="lg" id="stats-title" mb="sm">
        Stats per game
      </Title>
      {/* Focusable: a table that scrolls sideways on phones must be reachable by keyboard (WCAG 2.1.1). */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Stats per game' } as object}>
        <Table verticalSpacing="xs" data-testid="bet-stats" miw={480}>
          <TableHeader columns={['Game']} numeric={['Bets', 'Wagered', 'Profit']} />
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.game}-${row.currency}`}>
                <Table.Td>{gameName(row.game)}</Table.Td>
                <Table.Td ta="right">{row.count}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(row.wagered, row.currency)} {row.currency}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" c={row.profit.startsWith('-') ? 'red' : 'teal'}>
                  {formatAmount(row.profit, row.currency)} {row.currency}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
