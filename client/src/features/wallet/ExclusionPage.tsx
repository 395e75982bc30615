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
import { IconBan, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/datetime';
import { TwoFactorCodeInput } from '../account/TwoFactorCodeInput';
import { amountInputError, formatAmount } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';
import {
  ClosureSection,
  PlayLimitsSection,
  RealityCheckSection,
  SessionLimitSection,
  TimeOutSection,
} from './PlayerProtection';

export const EXCLUSION_PERIODS = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '6m', label: '6 months' },
  { value: 'permanent', label: 'Permanent' },
] as const;
type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number]['value'];
/** Long periods need the password (and the 2FA code when on): the server refuses them otherwise. */
const STEP_UP_PERIODS: readonly ExclusionPeriod[] = ['30d', '6m', 'permanent'];

const LIMIT_PERIODS = [
  { period: 'day', label: 'Daily' },
  { period: 'week', label: 'Weekly' },
  { period: 'month', label: 'Monthly' },
] as const;
type LimitPeriod = (typeof LIMIT_PERIODS)[number]['period'];

function ExclusionSection() {
  const utils = trpc.useUtils();
  const exclusion = trpc.account.exclusion.useQuery();
  const [period, setPeriod] = useState<ExclusionPeriod | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const twoFactor = trpc.auth.twoFactor.status.useQuery(undefined, { retry: false });
  const exclude = trpc.account.selfExclude.useMutation({
    onSuccess: (data) => {
      utils.account.exclusion.setData(undefined, data);
      setConfirming(false);
      setPeriod(null);
      setPassword('');
      setOtp('');
    },
  });
  const stepUp = period !== null && STEP_UP_PERIODS.includes(period);
  const needsCode = stepUp && twoFactor.data?.enabled === true;
  const chosen = EXCLUSION_PERIODS.find((item) => item.value === period);
  const state = exclusion.data;

  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="exclusion-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="exclusion-title">
          Take a break
        </Title>
        <ErrorAlert error={exclusion.error} title="Could not load your self-exclusion" />
        {exclusion.isPending ? <Skeleton height={120} /> : null}
        {state?.active ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconLock size={18} aria-hidden />}
            title={
              state.kind === 'time-out'
                ? 'You are on a time-out'
                : state.kind === 'closure'
                  ? 'Your account is closed'
                  : 'You are self-excluded'
            }
            data-testid="exclusion-active"
          >
            <Stack gap={4}>
              <Text size="sm">
                {state.permanent
                  ? state.kind === 'closure'
                    ? 'It stays closed until you ask to reopen it.'
                    : 'Your self-exclusion is permanent.'
                  : `${state.kind === 'time-out' ? 'Your time-out' : state.kind === 'closure' ? 'Your account' : 'Your self-exclusion'} runs until ${formatDateTime(state.endsAt)}.`}{' '}
                Until then you cannot play, deposit or chat. You can still log in and withdraw your balance.
              </Text>
              <Text size="sm" fw={600}>
                A self-exclusion cannot be shortened or lifted early
                {state.permanent ? '.' : '; you can only extend it.'}
              </Text>
            </Stack>
          </Alert>
        ) : state ? (
          <Text size="sm" c="dimmed">
            Exclude yourself from play, deposits and chat for a while. It starts at once and cannot be shortened or
            lifted before it ends.
          </Text>
        ) : null}
        {state && !state.permanent ? (
          <>
            <Radio.Group
              value={period}
              onChange={(value) => setPeriod(value as ExclusionPeriod)}
              label={state.active ? 'Extend to a longer period' : 'Exclude me for'}
            >
              <SimpleGrid cols={{ base: 2, sm: 5 }} mt="xs">
                {EXCLUSION_PERIODS.map((item) => (
                  <Radio key={item.value} value={item.value} label={item.label} />
                ))}
              </SimpleGrid>
            </Radio.Group>
            <ErrorAlert error={exclude.error} title="Self-exclusion not changed" />
            <Group justify="flex-end">
              <Button
                color="red"
                leftSection={<IconBan size={16} aria-hidden />}
                disabled={!period}
                onClick={() => setConfirming(true)}
              >
                {state.active ? 'Extend self-exclusion' : 'Self-exclude'}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
      <Modal
        opened={confirming && Boolean(chosen)}
        onClose={() => setConfirming(false)}
        title="Confirm self-exclusion"
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            {chosen?.value === 'permanent'
              ? 'You will be excluded permanently.'
              : `You will be excluded for ${chosen?.label ?? ''}, starting now.`}{' '}
            You will not be able to play, deposit or chat, and the exclusion cannot be shortened or lifted.
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
          <ErrorAlert error={exclude.error} title="Self-exclusion not changed" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Go back
            </Button>
            <Button
              color="red"
              loading={exclude.isPending}
              disabled={stepUp && !password}
              onClick={() =>
                period &&
                exclude.mutate({ period, ...(stepUp ? { password } : {}), ...(needsCode ? { otp: otp.trim() } : {}) })
              }
            >
              Yes, exclude me
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function LimitRow({
  period,
  label,
  limit,
}: {
  period: LimitPeriod;
  label: string;
  limit?: {
    amount: string | null;
    pendingAmount: string | null;
    pendingRemoval: boolean;
    pendingEffectiveAt: string | null;
    usedAmount: string;
  };
}) {
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.account.setDepositLimit.useMutation({
    onSuccess: (data) => {
      utils.account.depositLimits.setData(undefined, data);
      setText('');
    },
  });
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
    save.mutate({ period, amount: amount?.trim() ?? null });
  }

  return (
    <Stack gap={6} data-testid={`limit-${period}`}>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>{label}</Text>
        <Text size="sm" ff="monospace">
          {limit?.amount
            ? `${formatAmount(limit.usedAmount, 'USD')} of ${formatAmount(limit.amount, 'USD')} USD used`
            : 'No limit'}
        </Text>
      </Group>
      {pending ? (
        <Badge color="yellow" variant="light">
          Pending: {pending} from {formatDateTime(limit?.pendingEffectiveAt)}
        </Badge>
      ) : null}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={`${label} limit in USD`}
          placeholder="Amount in USD"
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={problem}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          onClick={() => submit(text)}
          loading={save.isPending && save.variables?.amount !== null}
        >
          Set
        </Button>
        {limit?.amount && !limit.pendingRemoval ? (
          <Button
            variant="subtle"
            color="gray"
            onClick={() => submit(null)}
            loading={save.isPending && save.variables?.amount === null}
          >
            Remove
          </Button>
        ) : null}
      </Group>
      <ErrorAlert error={save.error} title="Limit not changed" />
    </Stack>
  );
}

function DepositLimitsSection() {
  const limits = trpc.account.depositLimits.useQuery();
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="limits-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="limits-title">
            Deposit limits
          </Title>
          <Text size="sm" c="dimmed">
            Limits count your credited USD deposits over the last 1, 7 or 30 days. A lower limit applies at once; a
            higher limit, or removing one, takes effect after 24 hours.
          </Text>
        </Stack>
        <ErrorAlert error={limits.error} title="Could not load your deposit limits" />
        {limits.isPending ? (
          <Skeleton height={160} />
        ) : (
          LIMIT_PERIODS.map((item) => (
            <LimitRow
              key={item.period}
              period={item.period}
              label={item.label}
              limit={limits.data?.find((row) => row.period === item.period)}
            />
          ))
        )}
      </Stack>
    </Paper>
  );
}

export function ExclusionPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Self-exclusion" />
      <ExclusionSection />
      <TimeOutSection />
      <PlayLimitsSection />
      <DepositLimitsSection />
      <SessionLimitSection />
      <RealityCheckSection />
      <ClosureSection />
    </Stack>
  );
}
