import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSession } from '../auth/session-store';
import { openAuthModal } from '../auth/auth-modal-store';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/datetime';
import { formatXp, useVipStatus } from './use-vip';
import { formatAmountNotHidingDust } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

const isZero = (value: string) => /^0(\.0*)?$/.test(value);

function Formula() {
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="formula-title">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="formula-title">
          How XP and rakeback are computed
        </Title>
        {/* tabIndex: a block that scrolls sideways on phones must be reachable by keyboard (WCAG 2.1.1). */}
        <Code block tabIndex={0}>
          XP = wagered (USD value) × house edge ÷ 1%
        </Code>
        <Text size="sm" c="dimmed">
          A $100 bet on a 1%-edge game earns 100 XP; on a 2%-edge game 200 XP; on a 0.5%-edge game 50 XP. XP follows
          what the house expects to earn, so low-edge games cannot farm it. BZU bets count at the BZU price when they
          settle. XP is added once per settled bet.
        </Text>
        <Code block tabIndex={0}>
          rakeback = wagered × house edge × your rank's share (× BZU-holder boost, when one applies)
        </Code>
        <Text size="sm" c="dimmed">
          Rakeback accrues in the bet's currency on every settled bet, exact to 8 decimals (rounded down), at the share
          of the rank you held when the bet was placed. Claim it into your balance at any time.
        </Text>
      </Stack>
    </Paper>
  );
}

function RankTable({ current }: { current?: string }) {
  const ranks = trpc.vip.ranks.useQuery(undefined, { staleTime: Infinity });
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="ranks-title">
      <Title order={2} fz="lg" id="ranks-title" mb="sm">
        Ranks
      </Title>
      {ranks.data ? (
        <Table striped highlightOnHover aria-labelledby="ranks-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rank</Table.Th>
              <Table.Th ta="right">XP needed</Table.Th>
              <Table.Th ta="right">Rakeback</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ranks.data.map((rank) => (
              <Table.Tr
                key={rank.id}
                data-current={rank.id === current || undefined}
                fw={rank.id === current ? 700 : undefined}
              >
                <Table.Td>
                  <Group gap={6}>
                    <Text span fw={700} style={{ color: rank.color }}>
                      {rank.label}
                    </Text>
                    {rank.id === current ? (
                      <Badge size="xs" variant="light">
                        You
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatXp(rank.minXp)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {rank.rakebackPercent}% of the edge
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Skeleton height={200} />
      )}
    </Paper>
  );
}

function Progression() {
  const status = useVipStatus();
  const utils = trpc.useUtils();
  const claim = trpc.vip.claimRakeback.useMutation({
    onSuccess: (result) => {
      notifications.show({
        color: 'green',
        message: `Claimed ${[result.claimed.USD !== '0' ? `${result.claimed.USD} USD` : null, result.claimed.BZU !== '0' ? `${result.claimed.BZU} BZU` : null].filter(Boolean).join(' and ')}`,
      });
      void utils.vip.status.invalidate();
      void utils.vip.rakebackHistory.invalidate();
    },
  });
  const history = trpc.vip.rakebackHistory.useQuery({ limit: 10 });
  const data = status.data;
  if (status.isPending) return <Skeleton height={180} />;
  if (!data) return <ErrorAlert error={status.error} title="Could not load your rank" />;
  const claimable = data.rakeback.claimable;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="progress-title">
        <Stack gap="xs">
          <Title order={2} fz="lg" id="progress-title">
            Your rank
          </Title>
          <Text fz={28} fw={800} style={{ color: data.color }} data-testid="vip-rank">
            {data.rankLabel}
          </Text>
          <Progress value={data.percent} size="lg" radius="xl" aria-label="Progress to the next rank" />
          <Text size="sm" c="dimmed">
            {data.nextRankXp
              ? `${formatXp(data.xp)} / ${formatXp(data.nextRankXp)} XP to ${data.nextRankLabel}`
              : `${formatXp(data.xp)} XP: the top rank`}
          </Text>
          <Text size="sm">Your rakeback: {data.rakebackPercent}% of the house edge</Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="rakeback-title">
        <Stack gap="xs">
          <Title order={2} fz="lg" id="rakeback-title">
            Rakeback
          </Title>
          <Group gap="lg">
            {(['USD', 'BZU'] as const).map((currency) => (
              <Stack key={currency} gap={0}>
                <Text size="xs" c="dimmed">
                  Claimable {currency}
                </Text>
                <Text fw={700} ff="monospace" data-testid={`rakeback-${currency}`} title={claimable[currency]}>
                  {formatAmountNotHidingDust(claimable[currency], currency)}
                </Text>
              </Stack>
            ))}
          </Group>
          <ErrorAlert error={claim.error} title="Could not claim" />
          <Button
            onClick={() => claim.mutate()}
            loading={claim.isPending}
            disabled={isZero(claimable.USD) && isZero(claimable.BZU)}
            w="fit-content"
          >
            Claim rakeback
          </Button>
          {history.data && history.data.entries.length > 0 ? (
            <Table fz="xs" aria-label="Rakeback history">
              <Table.Tbody>
                {history.data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      {entry.kind === 'claim'
                        ? 'Claimed'
                        : entry.kind === 'reversal'
                          ? 'Reversed (rolled-back bet)'
                          : 'Accrued'}
                    </Table.Td>
                    <Table.Td ff="monospace" ta="right">
                      {entry.kind === 'accrual' ? '+' : '-'}
                      {formatAmountNotHidingDust(entry.amount, entry.currency)} {entry.currency}
                    </Table.Td>
                    <Table.Td c="dimmed">{formatDateTime(entry.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="xs" c="dimmed">
              Rakeback appears here as you play.
            </Text>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/** /vip: the rank table, the XP and rakeback formulas, the player's progress and rakeback with its history. */
export function VipPage() {
  const { isSignedIn } = useSession();
  return (
    <Stack gap="lg">
      <PageHeader
        title="VIP"
        description="Ranks grow with play; every rank pays back a larger share of the house edge."
      />
      {isSignedIn ? (
        <Progression />
      ) : (
        <Alert variant="light" title="Log in to see your rank">
          <Button size="xs" mt="xs" onClick={() => openAuthModal('login')}>
            Log in
          </Button>
        </Alert>
      )}
      <Formula />
      <RankTable current={useVipStatus().data?.rank} />
    </Stack>
  );
}
