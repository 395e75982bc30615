import {
  Alert,
  Badge,
  Code,
  Group,
  Input,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconMinus } from '@tabler/icons-react';
import { useEffect, useState, type ChangeEvent } from 'react';
import { trpc } from '../../trpc';
import { prizeLabel } from '../../../../server/src/domain/raffle/rules/raffle-odds';
import { replayDraw, type PublishedWinner, type Replay, type ReplayInput } from './raffle-replay';
import { errorMessage } from '../../lib/api-error';

/** A published winner with what the page shows beside it. */
export interface ShownWinner extends PublishedWinner {
  label?: string;
  username?: string | null;
}

/** What the panel starts from: a past draw's published data, or empty fields for pasted data. */
export interface ReplaySource {
  input: ReplayInput;
  winners: ShownWinner[] | null;
  /** The draw whose published entrants CSV the panel downloads into its field. */
  csvOf?: string;
}

export const EMPTY_REPLAY: ReplaySource = {
  input: { raffleId: '', serverSeed: '', serverSeedHash: '', entrantsHash: '', entrantsCsv: '', prizeCount: '50' },
  winners: null,
};

type CsvState = { status: 'idle' | 'loading' } | { status: 'failed'; message: string };

function CheckIcon({ ok }: { ok: boolean | null }) {
  if (ok === null) {
    return (
      <ThemeIcon size="sm" radius="xl" variant="light" color="gray" aria-label="nothing to compare">
        <IconMinus size={14} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon size="sm" radius="xl" variant="light" color={ok ? 'teal' : 'red'} aria-label={ok ? 'passes' : 'fails'}>
      {ok ? <IconCircleCheck size={16} /> : <IconCircleX size={16} />}
    </ThemeIcon>
  );
}

function Check({ ok, label, detail, testId }: { ok: boolean | null; label: string; detail?: string; testId: string }) {
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-testid={testId}
      data-ok={ok === null ? undefined : String(ok)}
    >
      <CheckIcon ok={ok} />
      <Stack gap={0} miw={0}>
        <Text size="sm">{label}</Text>
        {detail ? (
          <Code fz="xs" style={{ wordBreak: 'break-all' }}>
            {detail}
          </Code>
        ) : null}
      </Stack>
    </Group>
  );
}

/**
 * Replay / verify: reruns a draw in this browser (Web Crypto + the server's own draw rules) from the published data.
 * Every field is editable, so anyone can paste a draw's data from elsewhere; the checks rerun as they type.
 */
export function RaffleReplay({ source }: { source: ReplaySource }) {
  const [form, setForm] = useState<ReplayInput>(source.input);
  const [csv, setCsv] = useState<CsvState>({ status: source.csvOf && !source.input.entrantsCsv ? 'loading' : 'idle' });
  const utils = trpc.useUtils();
  const [replay, setReplay] = useState<Replay | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<ReplayInput>) => setForm((current) => ({ ...current, ...patch }));

  // The CSV is the one piece not in the draw's data: the published text, exactly what the entrants hash covers.
  useEffect(() => {
    if (!source.csvOf || source.input.entrantsCsv) return;
    let cancelled = false;
    utils.raffle.entrantsCsv.fetch({ id: source.csvOf }, { staleTime: Infinity }).then(
      ({ csv: text }) => {
        if (cancelled) return;
        setForm((current) => ({ ...current, entrantsCsv: text }));
        setCsv({ status: 'idle' });
      },
      (error: unknown) => {
        if (!cancelled)
          setCsv({ status: 'failed', message: `The entrants list could not be downloaded: ${errorMessage(error)}` });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [source, utils]);

  useEffect(() => {
    if (csv.status === 'loading') return;
    let cancelled = false;
    replayDraw(form, source.winners).then(
      (result) => {
        if (cancelled) return;
        setReplay(result);
        setProblem(null);
      },
      (error: unknown) => {
        if (cancelled) return;
        setReplay(null);
        setProblem(error instanceof Error ? error.message : 'These inputs cannot be replayed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [form, source.winners, csv.status]);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="replay-title"
      data-testid="raffle-replay"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id="replay-title">
            Replay a draw
          </Title>
          {replay ? (
            <Badge
              size="lg"
              variant="light"
              color={replay.allPass ? 'teal' : source.winners ? 'red' : 'gray'}
              data-testid="replay-verdict"
            >
              {replay.allPass ? 'All checks pass' : source.winners ? 'Some checks fail' : 'Replayed'}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          Your browser recomputes the draw with Web Crypto from the published data; nothing is sent. Pick a past draw
          above, or paste another draw&apos;s data.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Raffle id"
            value={form.raffleId}
            onChange={(e) => set({ raffleId: e.currentTarget.value })}
            inputMode="numeric"
            data-testid="replay-raffle-id"
          />
          <TextInput
            label="Number of prizes"
            value={form.prizeCount}
            onChange={(e) => set({ prizeCount: e.currentTarget.value })}
            inputMode="numeric"
            data-testid="replay-prize-count"
          />
          <TextInput
            label="Server seed (revealed after the draw)"
            value={form.serverSeed}
            onChange={(e) => set({ serverSeed: e.currentTarget.value })}
            ff="monospace"
            data-testid="replay-server-seed"
          />
          <TextInput
            label="Server seed hash (published at opening)"
            value={form.serverSeedHash}
            onChange={(e) => set({ serverSeedHash: e.currentTarget.value })}
            data-testid="replay-seed-hash"
          />
          <TextInput
            label="Entrants hash (published at closing)"
            value={form.entrantsHash}
            onChange={(e) => set({ entrantsHash: e.currentTarget.value })}
            data-testid="replay-entrants-hash"
          />
        </SimpleGrid>
        <Input.Wrapper
          label="Entrants CSV"
          description="user_id,tickets,first_ticket,last_ticket: exactly the downloaded bytes"
          id="replay-csv-input"
        >
          {/* Input as a textarea, not Mantine's Textarea: that one becomes one more shared chunk, and the first screen's entry lists every chunk. */}
          <Input
            component="textarea"
            id="replay-csv-input"
            value={form.entrantsCsv}
            onChange={(e: ChangeEvent<HTMLTextAreaElement>) => set({ entrantsCsv: e.currentTarget.value })}
            placeholder={csv.status === 'loading' ? 'Downloading the entrants list...' : 'Paste the CSV here'}
            spellCheck={false}
            styles={{
              input: {
                fontFamily: 'var(--mantine-font-family-monospace)',
                fontSize: 12,
                lineHeight: 1.5,
                height: 132,
                paddingBlock: 8,
                resize: 'vertical',
              },
            }}
            data-testid="replay-csv"
          />
        </Input.Wrapper>
        {csv.status === 'failed' ? (
          <Alert color="red" variant="light" role="alert">
            {csv.message}
          </Alert>
        ) : null}
        {problem ? (
          <Alert color="gray" variant="light" data-testid="replay-problem">
            {problem}
          </Alert>
        ) : null}
        {replay ? <ReplayResult replay={replay} winners={source.winners} /> : null}
      </Stack>
    </Paper>
  );
}

function ReplayResult({ replay, winners }: { replay: Replay; winners: ShownWinner[] | null }) {
  const compared = replay.prizes.filter((prize) => prize.ok !== null);
  const matching = compared.filter((prize) => prize.ok).length;
  const byIndex = new Map((winners ?? []).map((winner) => [winner.index, winner]));
  return (
    <Paper radius="md" p="md" bg="var(--bzu-input)" aria-live="polite" data-testid="replay-result">
      <Stack gap="sm">
        <Check
          ok={replay.serverSeedHash.ok}
          label="SHA-256(server seed) equals the hash published when the raffle opened"
          detail={replay.serverSeedHash.computed}
          testId="check-seed-hash"
        />
        <Check
          ok={replay.entrantsHash.ok}
          label={`SHA-256(entrants CSV) equals the entrants hash published at closing (${replay.entrants} entrants, ${replay.totalTickets} tickets)`}
          detail={replay.entrantsHash.computed}
          testId="check-entrants-hash"
        />
        <Check
          ok={winners ? compared.length > 0 && matching === compared.length : null}
          label={
            winners
              ? `The draw picks the published winners: ${matching} of ${compared.length} prizes match`
              : 'No published winners to compare with: the replay\u2019s picks are listed below'
          }
          testId="check-winners"
        />
        <ScrollArea.Autosize mah={320} type="auto">
          <Table fz="sm" verticalSpacing={4} data-testid="replay-prizes" aria-label="Replayed prizes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Prize</Table.Th>
                <Table.Th ta="right">Ticket</Table.Th>
                <Table.Th>Winner</Table.Th>
                <Table.Th ta="center" w={60}>
                  Check
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {replay.prizes.map((prize) => {
                const shown = byIndex.get(prize.prizeIndex);
                return (
                  <Table.Tr
                    key={prize.prizeIndex}
                    data-testid="replay-prize"
                    data-ok={prize.ok === null ? undefined : String(prize.ok)}
                  >
                    <Table.Td>{shown?.label ?? prizeLabel(prize.prizeIndex)}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {prize.drawn ? `#${prize.drawn.ticket}` : '-'}
                    </Table.Td>
                    <Table.Td>
                      {prize.drawn ? (
                        <Text size="sm" truncate maw={220}>
                          {shown?.username && shown.userId === prize.drawn.userId
                            ? shown.username
                            : `user ${prize.drawn.userId}`}
                        </Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          not awarded
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group justify="center">
                        <CheckIcon ok={prize.ok} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
