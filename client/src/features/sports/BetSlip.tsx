import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconTrash, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorCode, toApiError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { openAuthModal } from '../auth/auth-modal-store';
import { useSession } from '../auth/session-store';
import {
  acceptOdds,
  clearSlip,
  getSlip,
  removePick,
  removePlaced,
  sameEventPicks,
  setCurrency,
  setMode,
  setMultiStake,
  setPolicy,
  setStake,
  useBetSlip,
  type OddsPolicy,
} from './bet-slip-store';
import { combinedOdds, potentialReturn } from './sports-format';
import { useCurrentSelections } from './use-sports';
import { formatAmount } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

const POLICIES: { value: OddsPolicy; label: string }[] = [
  { value: 'higher', label: 'Accept higher odds' },
  { value: 'any', label: 'Accept any odds change' },
  { value: 'none', label: 'Accept no odds change' },
];

/** The odds the server quoted in an ODDS_CHANGED refusal, by selection id. */
function changedOdds(error: unknown): Record<string, string> | null {
  if (errorCode(error) !== 'ODDS_CHANGED') return null;
  const details = toApiError(error).details as
    { details?: { legs?: { selectionId: string; current: string }[] } } | undefined;
  if (!details?.details?.legs) return null;
  return Object.fromEntries(details.details.legs.map((leg) => [leg.selectionId, leg.current]));
}

/**
 * The bet slip: singles (a stake each) or one multi (2-10 legs, one per event), an odds-change
 * policy, and the exact potential return. Each bet carries a client id derived from the slip's
 * submission id, so a retried submit never places a bet twice.
 */
export function BetSlip({ embedded = false }: { embedded?: boolean }) {
  const slip = useBetSlip();
  const { isSignedIn } = useSession();
  const current = useCurrentSelections();
  const utils = trpc.useUtils();
  const place = trpc.sports.placeBet.useMutation();
  // The confirmation stays until the slip changes (every change starts a new submission id).
  const [placed, setPlaced] = useState<{ count: number; submissionId: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const multi = slip.mode === 'multi';
  const legsOdds = slip.picks.map((pick) => pick.odds);
  const moved = slip.picks.filter(
    (pick) => current.has(pick.selectionId) && current.get(pick.selectionId)!.odds !== pick.odds,
  );
  const closed = slip.picks.filter((pick) => current.has(pick.selectionId) && !current.get(pick.selectionId)!.open);
  const multiReturn = potentialReturn(slip.multiStake, legsOdds);
  const readySingles = slip.picks.filter(
    (pick) => potentialReturn(slip.stakes[pick.selectionId] ?? '', [pick.odds]) !== null,
  );
  const clashing = multi ? sameEventPicks(slip.picks) : [];
  const canPlace = multi
    ? slip.picks.length >= 2 && multiReturn !== null && clashing.length === 0
    : readySingles.length > 0;
  const totalStake = multi ? slip.multiStake : null;

  async function submit() {
    setError(null);
    setPlaced(null);
    setBusy(true);
    try {
      if (multi) {
        await place.mutateAsync({
          clientId: `${slip.submissionId}-m`,
          currency: slip.currency,
          stake: slip.multiStake.trim(),
          oddsPolicy: slip.policy,
          legs: slip.picks.map((pick) => ({ selectionId: pick.selectionId, odds: pick.odds })),
        });
        removePlaced(slip.picks.map((pick) => pick.selectionId));
        setPlaced({ count: 1, submissionId: getSlip().submissionId });
      } else {
        const placedIds: string[] = [];
        try {
          for (const pick of readySingles) {
            await place.mutateAsync({
              clientId: `${slip.submissionId}-${pick.selectionId}`,
              currency: slip.currency,
              stake: (slip.stakes[pick.selectionId] ?? '').trim(),
              oddsPolicy: slip.policy,
              legs: [{ selectionId: pick.selectionId, odds: pick.odds }],
            });
            placedIds.push(pick.selectionId);
          }
        } finally {
          if (placedIds.length > 0) {
            removePlaced(placedIds);
            setPlaced({ count: placedIds.length, submissionId: getSlip().submissionId });
          }
        }
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
      void utils.sports.bets.invalidate();
    }
  }

  const quoted = changedOdds(error);

  return (
    <Paper
      withBorder={!embedded}
      radius="md"
      p={embedded ? 0 : 'md'}
      bg={embedded ? undefined : 'var(--bzu-card)'}
      component="section"
      aria-label="Bet slip"
      data-testid="bet-slip"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="bet-slip-title" display={embedded ? 'none' : undefined}>
            Bet slip{' '}
            {slip.picks.length > 0 ? (
              <Badge size="sm" variant="filled" ml={4}>
                {slip.picks.length}
              </Badge>
            ) : null}
          </Title>
          {slip.picks.length > 0 ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={clearSlip}
            >
              Clear
            </Button>
          ) : null}
        </Group>
        <SegmentedControl
          fullWidth
          size="xs"
          value={slip.mode}
          onChange={(value) => setMode(value as 'single' | 'multi')}
          data={[
            { value: 'single', label: 'Singles' },
            { value: 'multi', label: 'Multi' },
          ]}
          aria-label="Bet type"
        />
        {placed && placed.submissionId === slip.submissionId ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={placed.count === 1 ? 'Bet placed' : `${placed.count} bets placed`}
            data-testid="bet-placed"
          >
            <Anchor component={Link} to="/sports/bets" size="sm">
              See my bets
            </Anchor>
          </Alert>
        ) : null}
        {slip.picks.length === 0 ? (
          <Text size="sm" c="dimmed">
            Pick odds from an event to add a selection.
          </Text>
        ) : null}
        {slip.picks.map((pick) => {
          const now = current.get(pick.selectionId);
          const stake = slip.stakes[pick.selectionId] ?? '';
          const singleReturn = potentialReturn(stake, [pick.odds]);
          return (
            <Paper key={pick.selectionId} withBorder radius="sm" p="xs" data-testid="slip-pick">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} lineClamp={1}>
                    {pick.selection}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {pick.market} · {pick.event}
                  </Text>
                  {now && now.odds !== pick.odds ? (
                    <Text size="xs" c="yellow">
                      Odds now {now.odds}
                    </Text>
                  ) : null}
                  {now && !now.open ? (
                    <Text size="xs" c="red">
                      Suspended
                    </Text>
                  ) : null}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Text fw={700} ff="monospace">
                    {pick.odds}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${pick.selection}`}
                    onClick={() => removePick(pick.selectionId)}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              {!multi ? (
                <Group gap="xs" mt={6} wrap="nowrap" align="flex-end">
                  <TextInput
                    size="xs"
                    label="Stake"
                    inputMode="decimal"
                    placeholder="0.00"
                    value={stake}
                    onChange={(event) => setStake(pick.selectionId, event.currentTarget.value)}
                    aria-label={`Stake on ${pick.selection}`}
                    style={{ flex: 1 }}
                  />
                  <Text size="xs" c="dimmed" mb={6}>
                    Returns {singleReturn ? formatAmount(singleReturn, slip.currency) : '—'}
                  </Text>
                </Group>
              ) : null}
            </Paper>
          );
        })}
        {multi && slip.picks.length > 0 ? (
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm">{slip.picks.length}-fold multi</Text>
              <Text size="sm" fw={700} ff="monospace">
                {slip.picks.length >= 2 ? combinedOdds(legsOdds) : '—'}
              </Text>
            </Group>
            {slip.picks.length < 2 ? (
              <Text size="xs" c="dimmed">
                A multi needs at least two selections from different events.
              </Text>
            ) : null}
            {clashing.length > 0 ? (
              <Text size="xs" c="red" data-testid="multi-same-event">
                A multi takes one selection per event: remove {clashing.map((pick) => pick.selection).join(', ')} or bet
                them as singles.
              </Text>
            ) : null}
            <TextInput
              size="xs"
              label="Multi stake"
              inputMode="decimal"
              placeholder="0.00"
              value={slip.multiStake}
              onChange={(event) => setMultiStake(event.currentTarget.value)}
            />
          </Stack>
        ) : null}
        {slip.picks.length > 0 ? (
          <>
            {/* The currency is a short word; the policy gets the rest of the row, so "Accept higher odds" is never cut. */}
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <Select
                size="xs"
                label="Currency"
                w={84}
                data={['USD', 'BZU']}
                value={slip.currency}
                onChange={(value) => value && setCurrency(value as 'USD' | 'BZU')}
                allowDeselect={false}
              />
              <Select
                size="xs"
                label="Odds changes"
                style={{ flex: 1 }}
                miw={0}
                data={POLICIES}
                value={slip.policy}
                onChange={(value) => value && setPolicy(value as OddsPolicy)}
                allowDeselect={false}
              />
            </Group>
            {multi ? (
              <Group justify="space-between">
                <Text size="sm">Potential return</Text>
                <Text size="sm" fw={700} ff="monospace" data-testid="multi-return">
                  {multiReturn ? `${formatAmount(multiReturn, slip.currency)} ${slip.currency}` : '—'}
                </Text>
              </Group>
            ) : null}
            {moved.length > 0 ? (
              <Button
                size="xs"
                variant="light"
                color="yellow"
                onClick={() =>
                  acceptOdds(
                    Object.fromEntries(moved.map((pick) => [pick.selectionId, current.get(pick.selectionId)!.odds])),
                  )
                }
              >
                Accept new odds
              </Button>
            ) : null}
            <ErrorAlert error={error} title="Not placed" />
            {quoted ? (
              <Button size="xs" variant="light" color="yellow" onClick={() => (acceptOdds(quoted), setError(null))}>
                Accept the new odds
              </Button>
            ) : null}
            {isSignedIn ? (
              <Button fullWidth loading={busy} disabled={!canPlace || closed.length > 0} onClick={() => void submit()}>
                {multi
                  ? `Place multi${totalStake ? ` · ${totalStake} ${slip.currency}` : ''}`
                  : readySingles.length > 1
                    ? `Place ${readySingles.length} bets`
                    : 'Place bet'}
              </Button>
            ) : (
              <Button fullWidth variant="light" onClick={() => openAuthModal('login')}>
                Log in to place bets
              </Button>
            )}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
