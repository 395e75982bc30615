import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../auth/session-store';
import { openSeeds } from '../game-panel/overlay-store';
import { GAME_VERIFIERS, gameVerifier } from './game-verifiers';
import { verifyBet, type Verification } from './verify-bet';
import { verifyParamsFromSearch } from './verify-link';
import { CLIENT_GAME_SLUGS, GAME_REGISTRY } from '../games/registry';
import { verifiedMultiplier, type VerifyGame, type VerifySearch } from './verify-search';

/** How outcomes are made, and a verifier that recomputes any bet in this browser with Web Crypto. */
export function ProvablyFairPage({ search }: { search: VerifySearch }) {
  const { isSignedIn } = useSession();
  return (
    <Stack gap="xl">
      <PageHeader
        title="Provably fair"
        description="Every original's outcome comes from seeds you can check. Nothing about a bet is decided after you place it."
        actions={
          isSignedIn ? (
            <Button
              variant="default"
              leftSection={<IconShieldCheck size={16} aria-hidden />}
              onClick={openSeeds}
              data-testid="open-seeds"
            >
              Your seeds
            </Button>
          ) : null
        }
      />
      <Verifier initial={search} />
      <Explanation />
    </Stack>
  );
}

function Verifier({ initial }: { initial: VerifySearch }) {
  const [form, setForm] = useState<VerifySearch>(() => ({
    game: 'dice',
    nonce: '0',
    ...defaultsFor(initial.game ?? 'dice'),
    ...initial,
  }));
  const [result, setResult] = useState<Verification | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<VerifySearch>) => setForm((current) => ({ ...current, ...patch }));
  const game = form.game ?? 'dice';

  useEffect(() => {
    let cancelled = false;
    const params = verifyParamsFromSearch(form);
    const nonce = Number(form.nonce);
    if (typeof params === 'string') {
      setResult(null);
      setProblem(params);
      return;
    }
    verifyBet(
      { serverSeed: form.serverSeed ?? '', clientSeed: form.clientSeed ?? '', nonce: form.nonce?.trim() ? nonce : NaN },
      params,
    ).then(
      (verification) => {
        if (cancelled) return;
        setResult(verification);
        setProblem(null);
      },
      (error: unknown) => {
        if (cancelled) return;
        setResult(null);
        setProblem(error instanceof Error ? error.message : 'Cannot verify these inputs');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [form]);

  const hashMatches =
    result && form.serverSeedHash ? result.serverSeedHash === form.serverSeedHash.trim().toLowerCase() : null;
  const shown = result ? verifiedMultiplier(result.multiplier, initial) : null;

  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="verifier-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="verifier-title">
          Verify a bet
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Game"
            data={CLIENT_GAME_SLUGS.map((value) => ({ value, label: GAME_REGISTRY[value].name }))}
            value={game}
            onChange={(value) => value && set({ game: value as VerifyGame, ...defaultsFor(value as VerifyGame) })}
            allowDeselect={false}
            data-testid="verify-game"
          />
          <TextInput
            label="Nonce"
            value={form.nonce ?? ''}
            onChange={(e) => set({ nonce: e.currentTarget.value })}
            inputMode="numeric"
            data-testid="verify-nonce"
          />
          <TextInput
            label="Server seed (revealed)"
            value={form.serverSeed ?? ''}
            onChange={(e) => set({ serverSeed: e.currentTarget.value })}
            data-testid="verify-server-seed"
          />
          <TextInput
            label="Client seed"
            value={form.clientSeed ?? ''}
            onChange={(e) => set({ clientSeed: e.currentTarget.value })}
            data-testid="verify-client-seed"
          />
          <TextInput
            label="Published server seed hash (optional)"
            value={form.serverSeedHash ?? ''}
            onChange={(e) => set({ serverSeedHash: e.currentTarget.value })}
            data-testid="verify-hash"
          />
          <GameParams form={form} set={set} />
        </SimpleGrid>
        {problem ? (
          <Alert color="gray" variant="light" data-testid="verify-problem">
            {problem}
          </Alert>
        ) : null}
        {result && shown ? (
          <Paper radius="md" p="md" bg="var(--bzu-input)" data-testid="verify-result" aria-live="polite">
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                Outcome
              </Text>
              <Text fz="xl" fw={800} data-testid="verify-outcome">
                {describeOutcome(result)}
              </Text>
              <Text size="sm">
                Multiplier: <b data-testid="verify-multiplier">{shown.multiplier}x</b>
              </Text>
              {shown.note ? (
                <Text size="sm" c="yellow.4" data-testid="verify-capped">
                  {shown.note}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                SHA-256(server seed)
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Code style={{ wordBreak: 'break-all' }} data-testid="verify-computed-hash">
                  {result.serverSeedHash}
                </Code>
                {hashMatches === null ? null : hashMatches ? (
                  <Badge color="teal" data-testid="hash-match">
                    matches
                  </Badge>
                ) : (
                  <Badge color="red" data-testid="hash-match">
                    does not match
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                First floats:{' '}
                {result.floats
                  .slice(0, 4)
                  .map((f) => f.toFixed(10))
                  .join(', ')}
              </Text>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </Paper>
  );
}

function defaultsFor(game: VerifyGame): Partial<VerifySearch> {
  return GAME_VERIFIERS[game].defaults;
}

function GameParams({ form, set }: { form: VerifySearch; set: (patch: Partial<VerifySearch>) => void }) {
  const { Form } = GAME_VERIFIERS[form.game ?? 'dice'];
  return <Form form={form} set={set} />;
}

/** The outcome in words, in the same units the game pages show. */
export function describeOutcome({ outcome }: Verification): string {
  return gameVerifier(outcome.game).describe(outcome);
}

function Explanation() {
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="how-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="how-title">
          How it works
        </Title>
        <List spacing="xs" size="sm">
          <List.Item>
            <b>Seed pair.</b> The server picks a random server seed and shows you its SHA-256 hash before you bet, so it
            cannot change it later. You choose the client seed. A nonce counts your bets with the pair: 0, 1, 2...
          </List.Item>
          <List.Item>
            <b>HMAC.</b> Each bet computes <Code>HMAC_SHA256(serverSeed, clientSeed:nonce:round)</Code>, round 0, 1,
            2... as long as the game needs more numbers.
          </List.Item>
          <List.Item>
            <b>Floats.</b> Every 4 bytes of a digest give one float in [0, 1): b0/256 + b1/256² + b2/256³ + b3/256⁴ (8
            per digest).
          </List.Item>
          <List.Item>
            <b>Rotation.</b> Rotating (or saving a new client seed) reveals the old server seed; hash it and compare
            with the hash you were shown, then recompute any of its bets here. Your browser does the maths with Web
            Crypto; nothing is sent.
          </List.Item>
        </List>
        <Title order={3} fz="md" mt="sm">
          Each game
        </Title>
        <List spacing="xs" size="sm">
          <List.Item>
            <b>Dice:</b> roll = floor(f0 × 10001) / 100, from 0.00 to 100.00. Multiplier = 99 / win chance.
          </List.Item>
          <List.Item>
            <b>Limbo:</b> result = max(1, floor(10⁸ / (floor(f0 × 10⁸) + 1) × 0.99 × 100) / 100); you win when it
            reaches your target.
          </List.Item>
          <List.Item>
            <b>Plinko:</b> one float per row, floor(f × 2): 0 is left, 1 is right; the bucket is the number of rights.
          </List.Item>
          <List.Item>
            <b>Keno:</b> ten draws from 1 to 40 without replacement: index = floor(f × numbers left), removed from the
            pool.
          </List.Item>
          <List.Item>
            <b>Mines:</b> the same draw from tiles 0 to 24 (shown as 1 to 25), one float per mine. Cashing out after r
            safe tiles pays 0.99 × C(25, r) / C(25 − mines, r).
          </List.Item>
          <List.Item>
            <b>Blackjack:</b> card = floor(f × 52) into 2..A of diamonds, hearts, spades, clubs (an unlimited deck): f0,
            f1 yours, f2 the dealer&apos;s up card, f3 the hole card, then one float per card in the order the cards are
            taken. Enter your actions to replay the round.
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}
