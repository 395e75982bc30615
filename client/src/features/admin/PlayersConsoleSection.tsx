import {
  Anchor,
  Badge,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../lib/datetime';
import { trpc } from '../../trpc';
import { ConsoleSection, ConsoleTable } from './console-parts';
import { unitsOf } from './report-figures';

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '—' : String(value));
const when = (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : text(value));

/** A responsible-gaming audit entry's detail as one line: `key: value, ...`. */
const describeDetail = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(
      ([key, value]) =>
        `${key}: ${value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(', ');

/** A short list of a file's records: the columns named, newest first; "none" when empty. */
function Records<T>({
  title,
  rows,
  columns,
}: {
  title: string;
  rows: T[];
  columns: [string, (row: T) => React.ReactNode][];
}) {
  return (
    <Stack gap={4}>
      <Title order={4} fz="sm">
        {title} ({rows.length})
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None.
        </Text>
      ) : (
        <ConsoleTable label={title} columns={columns.map(([name]) => name)}>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {columns.map(([name, cell]) => (
                <Table.Td key={name}>{cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </ConsoleTable>
      )}
    </Stack>
  );
}

/** One player's whole file: profile, balances, protection, bets, money, sessions, tips, notes. */
function PlayerFile({ userId, canNote }: { userId: number; canNote: boolean }) {
  const file = trpc.admin.players.file.useQuery({ userId });
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const addNote = trpc.admin.players.addNote.useMutation({
    onSuccess: () => (setNote(''), void utils.admin.players.file.invalidate({ userId })),
  });
  if (file.error) return <ErrorAlert error={file.error} title="Could not open the file" />;
  if (!file.data) return <Text size="sm">Loading the file…</Text>;
  const data = file.data;
  const profile = data.profile as Row;
  const { ledger, protection } = data;
  return (
    <Stack gap="md" data-testid="player-file">
      <Group gap="sm">
        <Title order={3} fz="md">
          {text(profile.public_username)}
        </Title>
        <Badge variant="light">{text(profile.role)}</Badge>
        <Text size="sm" c="dimmed">
          #{text(profile.id)} · {text(profile.login_name)} · {text(profile.email)} · joined {when(profile.created_at)}
          {profile.two_factor ? ' · 2FA on' : ''}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Text size="sm">
          Balance: <b>{ledger.cash.USD} USD</b> · <b>{ledger.cash.BZU} BZU</b>
        </Text>
        <Text size="sm">Excluded now: {protection.exclusion.active ? `yes (${protection.exclusion.kind})` : 'no'}</Text>
        <Text size="sm">
          Reality check:{' '}
          {protection.realityCheck.intervalMinutes === 0 ? 'off' : `${protection.realityCheck.intervalMinutes} min`}
          {protection.realityCheck.isDefault ? ' (default)' : ''}
        </Text>
      </SimpleGrid>
      <Records
        title="Limits"
        rows={protection.limits}
        columns={[
          ['Limit', (r) => `${r.period} ${r.kind}`],
          ['Amount', (r) => (r.amount === null ? '—' : `${r.amount} USD`)],
          ['Used', (r) => `${r.used} USD`],
          [
            'Pending',
            (r) =>
              r.pendingEffectiveAt
                ? `${r.pendingRemoval ? 'removal' : `${r.pendingAmount} USD`} from ${when(r.pendingEffectiveAt)}`
                : '—',
          ],
        ]}
      />
      <Records
        title="Deposit limits"
        rows={protection.depositLimits}
        columns={[
          ['Period', (r) => r.period],
          ['Amount', (r) => (r.amount === null ? '—' : `${r.amount} USD`)],
        ]}
      />
      <Records
        title="Exclusions"
        rows={protection.exclusions}
        columns={[
          ['Kind', (r) => r.kind],
          ['From', (r) => when(r.startsAt)],
          ['Until', (r) => (r.endsAt ? when(r.endsAt) : 'indefinite')],
          ['In force', (r) => (r.inForce ? 'yes' : 'no')],
        ]}
      />
      <Records
        title="Responsible-gaming history"
        rows={protection.history}
        columns={[
          ['When', (r) => when(r.createdAt)],
          ['Who', (r) => r.actorName ?? 'system'],
          ['What', (r) => r.action],
          ['Detail', (r) => describeDetail(r.detail)],
        ]}
      />
      <Records<Row>
        title="Bets"
        rows={data.bets}
        columns={[
          ['Bet', (r) => <Anchor href={text(r.verifyPath)}>{text(r.id)}</Anchor>],
          ['Game', (r) => text(r.game)],
          ['Stake', (r) => `${unitsOf(text(r.amount_e8))} ${text(r.currency)}`],
          ['Payout', (r) => unitsOf(text(r.payout_e8))],
          ['State', (r) => text(r.state)],
          ['When', (r) => when(r.created_at)],
        ]}
      />
      <Records
        title="Sports bets"
        rows={data.sportsBets}
        columns={[
          ['Bet', (r) => text(r.id)],
          [
            'Selections',
            (r) =>
              (r.legs as { event: string; selection: string; odds: string }[])
                .map((leg) => `${leg.event}: ${leg.selection} @ ${leg.odds}`)
                .join('; '),
          ],
          ['Stake', (r) => `${unitsOf(text(r.stake_e8))} ${text(r.currency)}`],
          ['Paid', (r) => unitsOf(text(r.paid_e8))],
          ['Status', (r) => text(r.status)],
          ['When', (r) => when(r.created_at)],
        ]}
      />
      <Records
        title="Provider rounds"
        rows={data.providerRounds}
        columns={[
          ['Game', (r) => `${r.providerName} · ${r.gameName}`],
          ['Round', (r) => r.roundId],
          ['Stake', (r) => `${r.stake} ${r.currency}`],
          ['Win', (r) => r.win],
          ['State', (r) => r.state],
          ['When', (r) => when(r.createdAt)],
        ]}
      />
      <Records
        title="Ledger"
        rows={ledger.transactions.items}
        columns={[
          ['When', (r) => when(r.createdAt)],
          ['Kind', (r) => r.kind],
          ['Amount', (r) => `${r.amount} ${r.currency}`],
          ['Balance after', (r) => `${r.balanceAfter} ${r.currency}`],
        ]}
      />
      <Records
        title="Deposits"
        rows={data.deposits}
        columns={[
          ['#', (r) => text(r.id)],
          ['Amount', (r) => `${unitsOf(text(r.amount_e8))} ${text(r.currency)}`],
          ['Network', (r) => text(r.network)],
          ['Status', (r) => text(r.status)],
          ['When', (r) => when(r.created_at)],
        ]}
      />
      <Records
        title="Withdrawals"
        rows={data.withdrawals}
        columns={[
          ['#', (r) => text(r.id)],
          ['Amount', (r) => `${unitsOf(text(r.amount_e8))} ${text(r.currency)}`],
          ['To', (r) => text(r.address)],
          ['Status', (r) => text(r.status)],
          ['When', (r) => when(r.created_at)],
        ]}
      />
      <Records
        title="Sessions"
        rows={data.sessions}
        columns={[
          ['Address', (r) => text(r.ip)],
          ['Device', (r) => text(r.user_agent)],
          ['Signed in', (r) => when(r.created_at)],
          ['Last seen', (r) => when(r.last_seen_at)],
        ]}
      />
      <Records
        title="Deposit addresses"
        rows={data.addresses}
        columns={[
          ['Network', (r) => text(r.network)],
          ['Address', (r) => text(r.address)],
        ]}
      />
      <Records
        title="Tips"
        rows={data.tips}
        columns={[
          ['Amount', (r) => `${unitsOf(text(r.amount_e8))} ${text(r.currency)}`],
          ['From', (r) => `#${text(r.sender_id)}`],
          ['To', (r) => `#${text(r.recipient_id)}`],
          ['When', (r) => when(r.created_at)],
        ]}
      />
      <Records
        title="Staff notes"
        rows={data.notes}
        columns={[
          ['Note', (r) => text(r.body)],
          ['By', (r) => text(r.author)],
          ['When', (r) => when(r.created_at)],
        ]}
      />
      {canNote ? (
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            addNote.mutate({ userId, body: note });
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Add a note"
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={4000}
              autosize
              minRows={2}
            />
            <ErrorAlert error={addNote.error} title="The note was not saved" />
            <Group justify="flex-end">
              <Button size="xs" type="submit" loading={addNote.isPending} disabled={note.trim() === ''}>
                Save note
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

/** Find a player by id, login name, display name, e-mail or deposit address, and open their file. */
export function PlayersConsoleSection({ canNote }: { canNote: boolean }) {
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const search = trpc.admin.players.search.useQuery({ query: submitted }, { enabled: submitted !== '' });
  return (
    <ConsoleSection titleId="players-title" title="Players">
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setOpen(null);
          setSubmitted(query.trim());
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            label="Id, login, display name, e-mail or deposit address"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} disabled={query.trim() === ''}>
            Search
          </Button>
        </Group>
      </form>
      <ErrorAlert error={search.error} title="The search failed" />
      {search.data && search.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No player matches “{submitted}”.
        </Text>
      ) : null}
      {search.data && search.data.length > 0 && open === null ? (
        <Stack gap={4}>
          {search.data.map((hit) => (
            <Group key={hit.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                <b>{hit.publicUsername}</b> #{hit.id} · {hit.loginName} · matched by {hit.matched}
              </Text>
              <Button size="xs" variant="light" onClick={() => setOpen(hit.id)}>
                Open file
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
      {open !== null ? <PlayerFile userId={open} canNote={canNote} /> : null}
    </ConsoleSection>
  );
}
