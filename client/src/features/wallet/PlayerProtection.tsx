import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDoorExit, IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../lib/datetime';
import { amountInputError, formatAmount } from '../../lib/money';
import { trpc } from '../../trpc';
import { TwoFactorCodeInput } from '../account/TwoFactorCodeInput';

const PERIODS = [
  { period: 'day', label: 'Daily' },
  { period: 'week', label: 'Weekly' },
  { period: 'month', label: 'Monthly' },
] as const;
type Period = (typeof PERIODS)[number]['period'];
type Kind = 'loss' | 'wager';

const KINDS: { kind: Kind; title: string; help: string }[] = [
  {
    kind: 'loss',
    title: 'Loss limits',
    help: 'What you may lose, net of wins: a stake is refused when it could take your loss past the limit.',
  },
  { kind: 'wager', title: 'Wager limits', help: 'What you may stake in total, won or lost.' },
];

interface PlayLimit {
  kind: Kind;
  period: Period;
  amount: string | null;
  pendingAmount: string | null;
  pendingRemoval: boolean;
  pendingEffectiveAt: string | null;
  used: string;
  left: string | null;
  resetsAt: string;
}

function PlayLimitRow({
  kind,
  period,
  label,
  limit,
}: {
  kind: Kind;
  period: Period;
  label: string;
  limit?: PlayLimit;
}) {
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onSuccess = (data: PlayLimit[]) => {
    utils.account.playLimits.setData(undefined, data);
    setText('');
  };
  const save = trpc.account.setPlayLimit.useMutation({ onSuccess });
  const cancel = trpc.account.cancelPlayLimitChange.useMutation({ onSuccess });
  const pending = limit?.pendingRemoval
    ? 'removal'
    : limit?.pendingAmount
      ? `${formatAmount(limit.pendingAmount, 'USD')} USD`
      : null;
  function submit(amount: string | null) {
    if (amount !== null) {
      const error = amountInputError(amount);
      setProblem(error);
      if (error) return;
    }
    save.mutate({ kind, period, amount: amount?.trim() ?? null });
  }
  const name = `${label} ${kind} limit`;
  return (
    <Stack gap={6} data-testid={`play-limit-${kind}-${period}`}>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>{label}</Text>
        <Text size="sm" ff="monospace" data-testid="play-limit-state">
          {limit?.amount
            ? `${formatAmount(limit.used, 'USD')} of ${formatAmount(limit.amount, 'USD')} USD used, ${formatAmount(limit.left ?? '0', 'USD')} left until ${formatDateTime(limit.resetsAt)}`
            : 'No limit'}
        </Text>
      </Group>
      {pending ? (
        <Group gap="xs">
          <Badge color="yellow" variant="light" data-testid="play-limit-pending">
            Pending: {pending} from {formatDateTime(limit?.pendingEffectiveAt)}
          </Badge>
          <Button
            size="compact-xs"
            variant="subtle"
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ kind, period })}
          >
            Cancel change
          </Button>
        </Group>
      ) : null}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={`${name} in USD`}
          placeholder="Amount in USD"
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={problem}
          style={{ flex: 1 }}
        />
        <Button variant="default" aria-label={`Set ${name}`} onClick={() => submit(text)} loading={save.isPending}>
          Set
        </Button>
        {limit?.amount && !limit.pendingRemoval ? (
          <Button variant="subtle" color="gray" onClick={() => submit(null)} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        ) : null}
      </Group>
      <ErrorAlert error={save.error ?? cancel.error} title="Limit not changed" />
    </Stack>
  );
}

/** Loss and wager limits per day, week and month, in USD, with what is used and left and any pending change. */
export function PlayLimitsSection() {
  const limits = trpc.account.playLimits.useQuery();
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="play-limits-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="play-limits-title">
            Loss and wager limits
          </Title>
          <Text size="sm" c="dimmed">
            Limits are in USD and count every game, round game, sports bet and studio game; BZU stakes count at the BZU
            price of the moment. A day runs from 00:00 UTC, a week from Monday, a month from the 1st. A lower limit
            applies at once; a higher limit, or removing one, takes effect after 24 hours.
          </Text>
        </Stack>
        <ErrorAlert error={limits.error} title="Could not load your limits" />
        {limits.isPending ? (
          <Skeleton height={240} />
        ) : (
          KINDS.map((group) => (
            <Stack key={group.kind} gap="sm">
              <Stack gap={2}>
                <Title order={3} fz="md">
                  {group.title}
                </Title>
                <Text size="xs" c="dimmed">
                  {group.help}
                </Text>
              </Stack>
              {PERIODS.map((item) => (
                <PlayLimitRow
                  key={item.period}
                  kind={group.kind}
                  period={item.period}
                  label={item.label}
                  limit={limits.data?.find((row) => row.kind === group.kind && row.period === item.period)}
                />
              ))}
            </Stack>
          ))
        )}
      </Stack>
    </Paper>
  );
}

const TIME_OUTS = [
  { days: 1, label: '24 hours' },
  { days: 7, label: 'One week' },
  { days: 30, label: 'One month' },
  { days: 42, label: 'Six weeks' },
] as const;

/** A break of one day to six weeks: the effect of a self-exclusion while it runs, ending by itself. */
export function TimeOutSection() {
  const utils = trpc.useUtils();
  const exclusion = trpc.account.exclusion.useQuery();
  const twoFactor = trpc.auth.twoFactor.status.useQuery(undefined, { retry: false });
  const [days, setDays] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const take = trpc.account.takeTimeOut.useMutation({
    onSuccess: (data) => {
      utils.account.exclusion.setData(undefined, data);
      setConfirming(false);
      setDays(null);
      setPassword('');
    },
  });
  const stepUp = days !== null && days >= 30;
  const needsCode = stepUp && twoFactor.data?.enabled === true;
  const chosen = TIME_OUTS.find((item) => item.days === days);
  if (exclusion.data?.active) return null;
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="time-out-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="time-out-title">
          Time-out
        </Title>
        <Text size="sm" c="dimmed">
          A short break from play. It starts at once and ends by itself; while it runs you cannot play, deposit, take
          part in promotions or write in the chat, and it cannot be ended early.
        </Text>
        <Radio.Group value={days === null ? null : String(days)} onChange={(value) => setDays(Number(value))}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
            {TIME_OUTS.map((item) => (
              <Radio key={item.days} value={String(item.days)} label={item.label} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Group justify="flex-end">
          <Button
            color="orange"
            leftSection={<IconHourglass size={16} aria-hidden />}
            disabled={days === null}
            onClick={() => setConfirming(true)}
          >
            Take a time-out
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming && Boolean(chosen)}
        onClose={() => setConfirming(false)}
        title="Confirm time-out"
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            Your time-out of {chosen?.label.toLowerCase()} starts now and cannot be ended early. You can still log in
            and withdraw.
          </Text>
          {stepUp ? (
            <PasswordInput
              label="Account password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          ) : null}
          {needsCode ? (
            <TwoFactorCodeInput value={otp} onChange={(event) => setOtp(event.currentTarget.value)} />
          ) : null}
          <ErrorAlert error={take.error} title="Time-out not taken" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Go back
            </Button>
            <Button
              color="orange"
              loading={take.isPending}
              disabled={stepUp && !password}
              onClick={() =>
                days !== null &&
                take.mutate({ days, ...(stepUp ? { password } : {}), ...(needsCode ? { otp: otp.trim() } : {}) })
              }
            >
              Start my time-out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** Closing the account (the password asks), and asking to reopen it (24 hours later). */
export function ClosureSection() {
  const utils = trpc.useUtils();
  const closure = trpc.account.closure.useQuery();
  const twoFactor = trpc.auth.twoFactor.status.useQuery(undefined, { retry: false });
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const refresh = (data: { closed: boolean; closedAt: string | null; reopensAt: string | null }) => {
    utils.account.closure.setData(undefined, data);
    void utils.account.exclusion.invalidate();
  };
  const close = trpc.account.closeAccount.useMutation({
    onSuccess: (data) => {
      refresh(data);
      setConfirming(false);
      setPassword('');
    },
  });
  const reopen = trpc.account.requestReopening.useMutation({ onSuccess: refresh });
  const state = closure.data;
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="closure-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="closure-title">
          Close my account
        </Title>
        <ErrorAlert error={closure.error ?? reopen.error} title="Account closure" />
        {state?.closed ? (
          <Alert color="gray" variant="light" title="Your account is closed" data-testid="account-closed">
            <Stack gap={6}>
              <Text size="sm">
                Closed since {formatDateTime(state.closedAt)}. You cannot play or deposit; you can still withdraw your
                balance.
              </Text>
              {state.reopensAt ? (
                <Text size="sm" fw={600}>
                  It reopens at {formatDateTime(state.reopensAt)}.
                </Text>
              ) : (
                <Group>
                  <Button size="xs" variant="default" loading={reopen.isPending} onClick={() => reopen.mutate()}>
                    Ask to reopen (24 hours)
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        ) : state ? (
          <>
            <Text size="sm" c="dimmed">
              Play and deposits stop at once; your balance can still be withdrawn. Reopening needs a request and a
              24-hour wait.
            </Text>
            <Group justify="flex-end">
              <Button
                color="red"
                variant="light"
                leftSection={<IconDoorExit size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                Close my account
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Close your account" centered>
        <Stack gap="sm">
          <Text size="sm">Enter your password to close your account now.</Text>
          <PasswordInput
            label="Account password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {twoFactor.data?.enabled ? (
            <TwoFactorCodeInput value={otp} onChange={(event) => setOtp(event.currentTarget.value)} />
          ) : null}
          <ErrorAlert error={close.error} title="Account not closed" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Go back
            </Button>
            <Button
              color="red"
              loading={close.isPending}
              disabled={!password}
              onClick={() => close.mutate({ password, ...(twoFactor.data?.enabled ? { otp: otp.trim() } : {}) })}
            >
              Close my account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

const REALITY_CHECK_CHOICES = [0, 15, 30, 45, 60, 90, 120];

/** How often the reality check comes (off or 15-120 minutes; the site's default until the player chooses). */
export function RealityCheckSection() {
  const utils = trpc.useUtils();
  const check = trpc.account.realityCheck.useQuery(undefined, { staleTime: Infinity });
  const save = trpc.account.setRealityCheck.useMutation({
    onSuccess: (data) => utils.account.realityCheck.setData(undefined, data),
  });
  const current = check.data?.intervalMinutes;
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="reality-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="reality-title">
          Reality checks
        </Title>
        <Text size="sm" c="dimmed">
          Every so often during play a reminder shows how long you have played, what you staked and your net result.
          Play pauses until you answer. The header shows how long you have been signed in.
        </Text>
        <ErrorAlert error={check.error ?? save.error} title="Reality checks" />
        <Radio.Group
          value={current === undefined ? null : String(current)}
          onChange={(value) => save.mutate({ minutes: Number(value) })}
          label={check.data?.isDefault ? 'Every (the site default until you choose)' : 'Every'}
        >
          <SimpleGrid cols={{ base: 3, sm: 7 }} mt="xs">
            {REALITY_CHECK_CHOICES.map((minutes) => (
              <Radio key={minutes} value={String(minutes)} label={minutes === 0 ? 'Off' : `${minutes} min`} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}

/** The session-time limit: a session's length and the cool-down before the next, with the session under way. */
export function SessionLimitSection() {
  const utils = trpc.useUtils();
  const limit = trpc.account.sessionLimit.useQuery();
  const [minutes, setMinutes] = useState('');
  const [cooldown, setCooldown] = useState('');
  const save = trpc.account.setSessionLimit.useMutation({
    onSuccess: (data) => {
      utils.account.sessionLimit.setData(undefined, data);
      setMinutes('');
      setCooldown('');
    },
  });
  const state = limit.data;
  const whole = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);
  const typed = { minutes: whole(minutes), cooldownMinutes: whole(cooldown) };
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="session-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="session-title">
          Session time limit
        </Title>
        <Text size="sm" c="dimmed">
          A session starts with your first stake and ends after the minutes you choose; a round under way finishes. The
          next session can start only after your cool-down. A shorter session or a longer cool-down applies at once;
          anything else, or removing the limit, after 24 hours.
        </Text>
        <ErrorAlert error={limit.error ?? save.error} title="Session time limit" />
        <Text size="sm" ff="monospace" data-testid="session-limit-state">
          {state?.minutes
            ? `${state.minutes} min sessions, ${state.cooldownMinutes} min cool-down` +
              (state.sessionEndsAt ? `; this session ends ${formatDateTime(state.sessionEndsAt)}` : '') +
              (state.nextSessionFrom ? `, the next from ${formatDateTime(state.nextSessionFrom)}` : '')
            : 'No limit'}
        </Text>
        {state?.pendingEffectiveAt ? (
          <Badge color="yellow" variant="light">
            Pending:{' '}
            {state.pendingRemoval
              ? 'removal'
              : `${state.pendingMinutes} min sessions, ${state.pendingCooldownMinutes} min cool-down`}{' '}
            from {formatDateTime(state.pendingEffectiveAt)}
          </Badge>
        ) : null}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label="Session (minutes)"
            inputMode="numeric"
            value={minutes}
            onChange={(event) => setMinutes(event.currentTarget.value)}
            w={160}
          />
          <TextInput
            label="Cool-down (minutes)"
            inputMode="numeric"
            value={cooldown}
            onChange={(event) => setCooldown(event.currentTarget.value)}
            w={160}
          />
          <Button
            variant="default"
            loading={save.isPending}
            disabled={typed.minutes === null || typed.cooldownMinutes === null}
            onClick={() =>
              typed.minutes !== null &&
              typed.cooldownMinutes !== null &&
              save.mutate({ limit: { minutes: typed.minutes, cooldownMinutes: typed.cooldownMinutes } })
            }
          >
            Set
          </Button>
          {state?.minutes && !state.pendingRemoval ? (
            <Button variant="subtle" color="gray" onClick={() => save.mutate({ limit: null })}>
              Remove
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
