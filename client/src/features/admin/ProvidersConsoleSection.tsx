import { Alert, Badge, Button, Group, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ConsoleForm, ConsoleSection, ConsoleTable, EnabledCell, filledIn, NameCell, useForm } from './console-parts';
import { providerDailyCells } from './provider-daily-cells';

const CATEGORIES = ['slots', 'live', 'gameshows', 'roulette', 'blackjack', 'bingo'] as const;
type Category = (typeof CATEGORIES)[number];

/** Every console mutation refreshes the console's lists and the lobby's. */
function useRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.providers.list.invalidate();
    void utils.admin.providers.games.invalidate();
    void utils.providers.catalogue.invalidate();
  };
}

/** Adds a provider, or edits one by its id (empty fields keep their values; an empty secret keeps the secret). */
function ProviderForm() {
  const refresh = useRefresh();
  const { form, field } = useForm({ id: '', name: '', origin: '', launchUrlTemplate: '', secret: '' });
  const save = trpc.admin.providers.saveProvider.useMutation({ onSuccess: refresh });
  return (
    <ConsoleForm
      label="Provider"
      title="Add or edit a provider"
      onSubmit={() => save.mutate({ ...filledIn(form), id: form.id.trim() })}
      error={save.error}
      errorTitle="Provider not saved"
      status={
        save.isSuccess ? (
          <Text size="xs" c="green">
            Saved {save.data.id}.
          </Text>
        ) : null
      }
      submitLabel="Save provider"
      pending={save.isPending}
    >
      <Group grow gap="xs" wrap="wrap">
        <TextInput size="xs" label="Id" placeholder="acme-games" required {...field('id')} />
        <TextInput size="xs" label="Name" {...field('name')} />
        <TextInput size="xs" label="Origin" placeholder="https://games.acme.example" {...field('origin')} />
      </Group>
      <Group grow gap="xs" wrap="wrap">
        <TextInput
          size="xs"
          label="Launch URL template"
          placeholder="https://games.acme.example/launch?token={token}&game={gameId}"
          {...field('launchUrlTemplate')}
        />
        <TextInput
          size="xs"
          label="Signing secret"
          type="password"
          autoComplete="off"
          placeholder="leave empty to keep"
          {...field('secret')}
        />
      </Group>
    </ConsoleForm>
  );
}

function GameForm({ providerIds }: { providerIds: string[] }) {
  const refresh = useRefresh();
  const { form, setForm, field } = useForm({
    providerId: '',
    gameId: '',
    name: '',
    category: 'slots',
    rtp: '',
    maxMultiplier: '',
    thumbnailUrl: '',
  });
  const save = trpc.admin.providers.saveGame.useMutation({ onSuccess: refresh });
  return (
    <ConsoleForm
      label="Provider game"
      title="Add or edit a game"
      onSubmit={() =>
        save.mutate({
          ...filledIn(form),
          providerId: form.providerId,
          gameId: form.gameId.trim(),
          category: form.category as Category,
        })
      }
      error={save.error}
      errorTitle="Game not saved"
      submitLabel="Save game"
      pending={save.isPending}
      disabled={!form.providerId}
    >
      <Group grow gap="xs" wrap="wrap">
        <Select
          size="xs"
          label="Provider"
          data={providerIds}
          value={form.providerId || null}
          onChange={(value) => setForm({ ...form, providerId: value ?? '' })}
          required
        />
        <TextInput size="xs" label="Game id" required {...field('gameId')} />
        <TextInput size="xs" label="Name" {...field('name')} />
      </Group>
      <Group grow gap="xs" wrap="wrap">
        <Select
          size="xs"
          label="Category"
          data={[...CATEGORIES]}
          value={form.category}
          onChange={(value) => setForm({ ...form, category: value ?? 'slots' })}
        />
        <TextInput size="xs" label="RTP %" placeholder="96.5" {...field('rtp')} />
        <TextInput
          size="xs"
          label="Max payout (x stakes)"
          title="The most one round pays, as a multiple of its stakes"
          placeholder="5000"
          {...field('maxMultiplier')}
        />
        <TextInput size="xs" label="Thumbnail URL" {...field('thumbnailUrl')} />
      </Group>
    </ConsoleForm>
  );
}

function ImportForm() {
  const refresh = useRefresh();
  const [text, setText] = useState('');
  const [parseError, setParseError] = useState<string | null>(null);
  const importConfig = trpc.admin.providers.import.useMutation({ onSuccess: refresh });
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Import JSON
      </Title>
      <Textarea
        size="xs"
        autosize
        minRows={3}
        maxRows={10}
        aria-label="Provider configuration JSON"
        placeholder='{"providers": [{"id": "...", "name": "...", "secret": "...", "origin": "...", "launchUrlTemplate": "...", "games": [...]}]}'
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {parseError ? (
        <Text size="xs" c="red">
          {parseError}
        </Text>
      ) : null}
      <ErrorAlert error={importConfig.error} title="Nothing imported" />
      {importConfig.data ? (
        <Text size="xs" c="green">
          Imported {importConfig.data.providers} providers and {importConfig.data.games} games.
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="default"
          loading={importConfig.isPending}
          onClick={() => {
            try {
              setParseError(null);
              importConfig.mutate(JSON.parse(text));
            } catch {
              setParseError('That is not JSON.');
            }
          }}
        >
          Import
        </Button>
      </Group>
    </Stack>
  );
}

function OperationsView() {
  const daily = trpc.admin.providers.daily.useQuery({ days: 14 });
  const check = trpc.admin.providers.reconciliation.useQuery(undefined, {
    enabled: false,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="md">
          Transactions per day
        </Title>
        <Button size="xs" variant="default" loading={check.isFetching} onClick={() => void check.refetch()}>
          Reconcile with the ledger
        </Button>
      </Group>
      <ErrorAlert error={daily.error ?? check.error} title="Could not load the report" />
      {check.data && !check.isFetching ? (
        <Alert
          color={check.data.ok ? 'green' : 'red'}
          variant="light"
          icon={check.data.ok ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />}
          title={check.data.ok ? 'Provider transactions match the ledger' : 'Mismatch'}
          data-testid="provider-reconciliation"
        >
          {check.data.lines
            .filter((line) => !line.matches)
            .map((line) => (
              <Text key={`${line.providerId}-${line.currency}-${line.kind}`} size="sm">
                {line.providerId} {line.currency} {line.kind}: recorded {line.recorded}, ledger {line.ledger}
              </Text>
            ))}
          {check.data.problems.map((problem) => (
            <Text key={problem.detail} size="sm">
              {problem.check}: {problem.detail}
            </Text>
          ))}
        </Alert>
      ) : null}
      {daily.data && daily.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No provider transactions in the last 14 days.
        </Text>
      ) : null}
      {daily.data && daily.data.length > 0 ? (
        <ConsoleTable
          label="Provider transactions per day"
          columns={['Day', 'Provider', { right: 'Bets' }, { right: 'Wins' }, { right: 'Rollbacks' }, { right: 'GGR' }]}
        >
          {daily.data.map((row) => {
            const cells = providerDailyCells(row);
            return (
              <Table.Tr key={`${row.day}-${row.providerId}-${row.currency}`}>
                <Table.Td>{row.day}</Table.Td>
                <Table.Td>{row.providerId}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {cells.bets}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {cells.wins}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {cells.rollbacks}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" c={cells.ggrNegative ? 'red' : undefined}>
                  {cells.ggr}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ConsoleTable>
      ) : null}
    </Stack>
  );
}

/**
 * The providers' daily figures and the reconciliation alone, for roles that may read them (`providers.read`, finance)
 * but not change the providers' configuration.
 */
export function ProviderFiguresSection() {
  return (
    <ConsoleSection titleId="admin-provider-figures-title" title="Game providers' figures" gap="md">
      <OperationsView />
    </ConsoleSection>
  );
}

/** Game providers: who may call the wallet, their games in the lobby, and the daily figures (docs/providers.md). */
export function ProvidersConsoleSection() {
  const refresh = useRefresh();
  const providers = trpc.admin.providers.list.useQuery();
  const games = trpc.admin.providers.games.useQuery({});
  const saveProvider = trpc.admin.providers.saveProvider.useMutation({ onSuccess: refresh });
  const saveGame = trpc.admin.providers.saveGame.useMutation({ onSuccess: refresh });
  const resume = trpc.admin.providers.resume.useMutation({ onSuccess: refresh });
  return (
    <ConsoleSection titleId="admin-providers-title" title="Game providers" gap="md">
      <ErrorAlert
        error={providers.error ?? games.error ?? saveProvider.error ?? saveGame.error ?? resume.error}
        title="Providers"
      />
      {providers.data && providers.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No providers yet. Add one below or import a JSON file.
        </Text>
      ) : null}
      {providers.data && providers.data.length > 0 ? (
        <ConsoleTable
          label="Providers"
          columns={['Provider', 'Origin', 'Secret', { right: 'Games' }, 'Bets', 'Enabled']}
        >
          {providers.data.map((provider) => (
            <Table.Tr key={provider.id}>
              <NameCell name={provider.name} detail={provider.id} />
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {provider.origin}
                </Text>
              </Table.Td>
              <Table.Td ff="monospace">{provider.secretHint}</Table.Td>
              <Table.Td ta="right">{provider.games}</Table.Td>
              <Table.Td>
                {provider.pausedAt ? (
                  <Stack gap={4} align="flex-start" data-testid={`provider-paused-${provider.id}`}>
                    <Badge size="sm" color="red" variant="light">
                      Paused
                    </Badge>
                    <Text size="xs">{provider.pausedReason}</Text>
                    <Button
                      size="compact-xs"
                      variant="default"
                      loading={resume.isPending}
                      onClick={() => resume.mutate({ id: provider.id })}
                      aria-label={`Resume ${provider.name}`}
                    >
                      Resume
                    </Button>
                  </Stack>
                ) : (
                  <Badge size="sm" color="green" variant="light">
                    Taking bets
                  </Badge>
                )}
              </Table.Td>
              <EnabledCell
                name={provider.name}
                checked={provider.enabled}
                onChange={(enabled) => saveProvider.mutate({ id: provider.id, enabled })}
              />
            </Table.Tr>
          ))}
        </ConsoleTable>
      ) : null}
      {games.data && games.data.length > 0 ? (
        <ConsoleTable
          label="Provider games"
          columns={['Game', 'Category', { right: 'RTP' }, { right: 'Max pay' }, 'Enabled']}
        >
          {games.data.map((game) => (
            <Table.Tr key={`${game.providerId}/${game.gameId}`}>
              <NameCell name={game.name} detail={`${game.providerName} · ${game.gameId}`} />
              <Table.Td>
                <Badge size="sm" variant="light">
                  {game.category}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {game.rtp}%
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                x{game.maxMultiplier}
              </Table.Td>
              <EnabledCell
                name={game.name}
                checked={game.enabled}
                onChange={(enabled) => saveGame.mutate({ providerId: game.providerId, gameId: game.gameId, enabled })}
              />
            </Table.Tr>
          ))}
        </ConsoleTable>
      ) : null}
      <ProviderForm />
      <GameForm providerIds={providers.data?.map((provider) => provider.id) ?? []} />
      <ImportForm />
      <OperationsView />
    </ConsoleSection>
  );
}
