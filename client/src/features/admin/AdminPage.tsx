import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';
import { formatDateTime } from '../../lib/datetime';
import { useFeatures } from '../config/use-app-config';
import { SportsConsoleSection } from './SportsConsoleSection';
import { ProviderFiguresSection, ProvidersConsoleSection } from './ProvidersConsoleSection';
import { ProtectionConsoleSection } from './ProtectionConsoleSection';
import { CustodyConsoleSection } from './CustodyConsoleSection';
import { PromotionsConsoleSection } from './PromotionsConsoleSection';
import { KeyboardScrollArea } from '../../components/KeyboardScrollArea';
import { TableHeader } from '../../components/TableHeader';
import { formatMoney, formatSignedMoney } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';
import { StatusBadge } from '../../components/StatusBadge';
import { shorten } from '../../lib/text';
import { permissionsOf, type Permission } from '../../../../server/src/domain/staff/roles.schemas';
import { ReportsConsoleSection, RtpWatchSection } from './ReportsConsoleSection';
import { PlayersConsoleSection } from './PlayersConsoleSection';
import { AuditConsoleSection } from './AuditConsoleSection';
import { StaffConsoleSection } from './StaffConsoleSection';
import { ApproveButton, RiskReviewButton, WithdrawalRiskCell } from './WithdrawalRisk';

interface WithdrawalRow {
  id: string;
  userId: number;
  /** The player's display name and login name (staff lists). */
  playerName: string | null;
  loginName: string | null;
  asset: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  status: string;
  createdAt: string;
}

function WithdrawalTable({
  items,
  actions,
  withRisk = false,
}: {
  items: WithdrawalRow[];
  actions: (item: WithdrawalRow) => React.ReactNode;
  /** The pending queue shows each withdrawal's risk score and checks. */
  withRisk?: boolean;
}) {
  return (
    <KeyboardScrollArea label="Withdrawals">
      <Table striped verticalSpacing="xs" miw={600}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Player</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Status</Table.Th>
            {withRisk ? <Table.Th>Risk</Table.Th> : null}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={`withdrawal-${item.id}`}>
              <Table.Td>{item.id}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} data-testid="withdrawal-player">
                  {item.playerName ?? `#${item.userId}`}
                </Text>
                <Text size="xs" c="dimmed">
                  #{item.userId}
                  {item.loginName ? ` · ${item.loginName}` : ''} · {formatDateTime(item.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatMoney(item.amount)} {item.asset}
                <Text size="xs" c="dimmed">
                  fee {formatMoney(item.fee)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{item.network}</Text>
                <Text size="xs" ff="monospace" title={item.address}>
                  {shorten(item.address, 10)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={item.status} />
              </Table.Td>
              {withRisk ? (
                <Table.Td miw={220}>
                  <WithdrawalRiskCell id={item.id} />
                </Table.Td>
              ) : null}
              <Table.Td>{actions(item)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </KeyboardScrollArea>
  );
}

const ADMIN_LIST_REFRESH_MS = 5_000;

type RefusalAction = 'reject' | 'fail';

/** Refusing before approval is a rejection; after it (nothing went out on chain) the payout failed. */
const REFUSALS: Record<RefusalAction, { verb: string; consequence: string }> = {
  reject: { verb: 'Reject', consequence: 'The withdrawal is refused before any payout.' },
  fail: { verb: 'Fail', consequence: 'Only when nothing went out on chain: check the chain first.' },
};

function WithdrawalsSection({ canDecide, canReview }: { canDecide: boolean; canReview: boolean }) {
  const utils = trpc.useUtils();
  // The payout job moves an approved withdrawal on by itself, so the lists follow it without a reload.
  const pending = trpc.admin.withdrawals.pending.useQuery({ limit: 100 }, { refetchInterval: ADMIN_LIST_REFRESH_MS });
  const approved = trpc.admin.withdrawals.awaitingPayout.useQuery(
    { limit: 100 },
    { refetchInterval: ADMIN_LIST_REFRESH_MS },
  );
  const refresh = () => {
    void utils.admin.withdrawals.pending.invalidate();
    void utils.admin.withdrawals.awaitingPayout.invalidate();
  };
  const approve = trpc.admin.withdrawals.approve.useMutation({ onSuccess: refresh });
  const reject = trpc.admin.withdrawals.reject.useMutation({ onSuccess: () => (refresh(), setRefusing(null)) });
  const fail = trpc.admin.withdrawals.fail.useMutation({ onSuccess: () => (refresh(), setRefusing(null)) });
  const recordTxid = trpc.admin.withdrawals.recordTxid.useMutation({
    onSuccess: () => (refresh(), setRecording(null)),
  });
  const [refusing, setRefusing] = useState<{ item: WithdrawalRow; action: RefusalAction } | null>(null);
  const [reason, setReason] = useState('');
  const [recording, setRecording] = useState<WithdrawalRow | null>(null);
  const [txid, setTxid] = useState('');
  const error = approve.error ?? null;

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="admin-withdrawals-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="admin-withdrawals-title">
          Pending withdrawals
        </Title>
        <ErrorAlert error={pending.error} title="Could not load pending withdrawals" />
        <ErrorAlert error={error} title="Not approved" />
        {pending.data && pending.data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            No withdrawals wait for a decision.
          </Text>
        ) : null}
        {pending.data && pending.data.items.length > 0 ? (
          <WithdrawalTable
            items={pending.data.items}
            withRisk
            actions={(item) => (
              <Stack gap={4}>
                {canReview ? <RiskReviewButton id={item.id} onReviewed={refresh} /> : null}
                {canDecide ? (
                  <>
                    <ApproveButton
                      id={item.id}
                      loading={approve.isPending && approve.variables?.id === item.id}
                      onApprove={() => approve.mutate({ id: item.id })}
                    />
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => (setReason(''), reject.reset(), setRefusing({ item, action: 'reject' }))}
                    >
                      Reject
                    </Button>
                  </>
                ) : null}
              </Stack>
            )}
          />
        ) : null}
        <Title order={3} fz="md" mt="sm">
          Approved, awaiting transaction id
        </Title>
        <ErrorAlert error={approved.error} title="Could not load approved withdrawals" />
        {approved.data && approved.data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing waits for a transaction id.
          </Text>
        ) : null}
        {approved.data && approved.data.items.length > 0 ? (
          <WithdrawalTable
            items={approved.data.items}
            actions={(item) =>
              canDecide ? (
                <Stack gap={4}>
                  <Button
                    size="xs"
                    aria-label="Record transaction id"
                    onClick={() => (setTxid(''), recordTxid.reset(), setRecording(item))}
                  >
                    Record txid
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => (setReason(''), fail.reset(), setRefusing({ item, action: 'fail' }))}
                  >
                    Mark failed
                  </Button>
                </Stack>
              ) : null
            }
          />
        ) : null}
      </Stack>
      <Modal
        opened={refusing !== null}
        onClose={() => setRefusing(null)}
        title={`${refusing ? REFUSALS[refusing.action].verb : ''} withdrawal #${refusing?.item.id ?? ''}`}
        centered
      >
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (refusing && reason.trim())
              (refusing.action === 'reject' ? reject : fail).mutate({ id: refusing.item.id, reason: reason.trim() });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {refusing ? REFUSALS[refusing.action].consequence : ''} The amount and fee go back to the player in full.
            </Text>
            <TextInput
              label="Reason (the player sees it)"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={500}
              data-autofocus
            />
            <ErrorAlert
              error={refusing?.action === 'fail' ? fail.error : reject.error}
              title={refusing?.action === 'fail' ? 'Not marked failed' : 'Not rejected'}
            />
            <Group justify="flex-end">
              <Button type="submit" color="red" loading={reject.isPending || fail.isPending} disabled={!reason.trim()}>
                {refusing ? REFUSALS[refusing.action].verb : ''} withdrawal
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={recording !== null}
        onClose={() => setRecording(null)}
        title={`Record payout of withdrawal #${recording?.id ?? ''}`}
        centered
      >
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (recording && txid.trim()) recordTxid.mutate({ id: recording.id, txid: txid.trim() });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              Paid {recording ? `${formatMoney(recording.amount)} ${recording.asset} on ${recording.network}` : ''}?
              Enter the on-chain transaction id; the withdrawal becomes SENT.
            </Text>
            <TextInput
              label="Transaction id"
              value={txid}
              onChange={(event) => setTxid(event.currentTarget.value)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-autofocus
            />
            <ErrorAlert error={recordTxid.error} title="Not recorded" />
            <Group justify="flex-end">
              <Button type="submit" loading={recordTxid.isPending} disabled={!txid.trim()}>
                Mark as sent
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}

function LedgerLookupSection() {
  const [input, setInput] = useState('');
  const [player, setPlayer] = useState<string | null>(null);
  const ledger = trpc.admin.ledgerOfPlayer.useQuery(
    { player: player ?? '' },
    { enabled: player !== null, retry: false },
  );

  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="ledger-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="ledger-title">
          Player ledger
        </Title>
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (input.trim()) setPlayer(input.trim());
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Player id or name"
              description="Id, login name or display name"
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              w={260}
            />
            <Button type="submit" variant="default">
              Look up
            </Button>
          </Group>
        </form>
        <ErrorAlert error={ledger.error} title="Lookup failed" />
        {ledger.data ? (
          <Stack gap="xs" data-testid="ledger-result">
            <Text size="sm" fw={600} data-testid="ledger-player">
              {ledger.data.publicUsername} · {ledger.data.loginName} · #{ledger.data.userId}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Text size="sm">
                Cash:{' '}
                <Text span ff="monospace" fw={600}>
                  {formatMoney(ledger.data.cash.USD)} USD · {formatMoney(ledger.data.cash.BZU)} BZU
                </Text>
              </Text>
              <Text size="sm">
                Referral:{' '}
                <Text span ff="monospace" fw={600}>
                  {formatMoney(ledger.data.referral.USD)} USD · {formatMoney(ledger.data.referral.BZU)} BZU
                </Text>
              </Text>
            </SimpleGrid>
            {ledger.data.transactions.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No ledger entries for player {ledger.data.userId}.
              </Text>
            ) : (
              <KeyboardScrollArea label="Ledger entries" mah={360}>
                <Table striped verticalSpacing={4} fz="sm">
                  <TableHeader columns={['Date', 'Kind']} numeric={['Amount', 'Balance after']} />
                  <Table.Tbody>
                    {ledger.data.transactions.items.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
                        <Table.Td>{item.kind}</Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {formatSignedMoney(item.amount)} {item.currency}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {formatMoney(item.balanceAfter)} {item.currency}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </KeyboardScrollArea>
            )}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function LedgerCheckSection() {
  const check = trpc.admin.ledgerCheck.useQuery(undefined, { enabled: false, retry: false, staleTime: 0, gcTime: 0 });
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="ledger-check-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="ledger-check-title">
            Ledger check
          </Title>
          <Button
            variant="default"
            leftSection={<IconShieldCheck size={16} aria-hidden />}
            loading={check.isFetching}
            onClick={() => void check.refetch()}
          >
            Run ledger check
          </Button>
        </Group>
        <ErrorAlert error={check.error} title="The check did not run" />
        {check.data && !check.isFetching ? (
          check.data.ok ? (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck size={18} aria-hidden />}
              title="Ledger OK"
              data-testid="ledger-check-result"
            >
              Every invariant holds (checked {formatDateTime(new Date(check.dataUpdatedAt).toISOString())}).
            </Alert>
          ) : (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={`${check.data.problems.length} problem(s)`}
              data-testid="ledger-check-result"
            >
              <Stack gap={4}>
                {check.data.problems.map((problem, index) => (
                  <Text key={index} size="sm">
                    <Badge size="xs" color="red" mr={6}>
                      {problem.check}
                    </Badge>
                    {problem.detail}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The staff console: each role sees the sections its permissions open (domain/staff/roles.schemas.ts). Hiding is a courtesy;
 * the server checks the role on every call.
 */
export function AdminPage() {
  const { user, isSignedIn } = useSession();
  const { sports } = useFeatures();
  const may = new Set<Permission>(permissionsOf(user?.role ?? 'user'));
  if (!isSignedIn || may.size === 0) {
    return (
      <Stack gap="lg">
        <PageHeader title="Admin" />
        <PlaceholderState icon={IconLock} title="Staff only" description="This page is for platform staff." />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader title="Admin" />
      {may.has('reports.read') ? <ReportsConsoleSection /> : null}
      {may.has('rtp.read') ? <RtpWatchSection /> : null}
      {may.has('withdrawals.read') ? (
        <WithdrawalsSection canDecide={may.has('withdrawals.decide')} canReview={may.has('withdrawals.review')} />
      ) : null}
      {may.has('players.read') ? <PlayersConsoleSection canNote={may.has('players.note')} /> : null}
      {may.has('ledger.read') ? (
        <>
          <LedgerLookupSection />
          <LedgerCheckSection />
          <CustodyConsoleSection />
        </>
      ) : null}
      {sports && may.has('sports.manage') ? <SportsConsoleSection /> : null}
      {may.has('providers.manage') ? (
        <ProvidersConsoleSection />
      ) : may.has('providers.read') ? (
        <ProviderFiguresSection />
      ) : null}
      {may.has('protection.read') ? <ProtectionConsoleSection /> : null}
      {may.has('audit.read') ? <AuditConsoleSection /> : null}
      {may.has('staff.manage') ? <StaffConsoleSection /> : null}
      {may.has('promotions.read') ? <PromotionsConsoleSection canManage={may.has('promotions.manage')} /> : null}
    </Stack>
  );
}
