import {
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useRequestIds } from '../../lib/request-id';
import { trpc } from '../../trpc';
import { FormFailure } from '../../components/FormFailure';
import { formatDateTime } from '../../lib/datetime';
import { closeVaultModal, useVaultModal } from './vault-modal-store';
import { amountInputError, formatAmount } from '../../lib/money';
import { errorCode, errorMessage } from '../../lib/api-error';

type Direction = 'deposit' | 'withdraw';

/**
 * The vault: funds kept aside from the cash balance (they cannot be bet or tipped). Putting funds in
 * is immediate; taking them out needs the password and, with 2FA on, the code.
 */
export function VaultModal() {
  const opened = useVaultModal();
  const onClose = closeVaultModal;
  const utils = trpc.useUtils();
  const balances = trpc.vault.balances.useQuery(undefined, { enabled: opened });
  const history = trpc.vault.history.useQuery({ limit: 5 }, { enabled: opened });
  const [direction, setDirection] = useState<Direction>('deposit');
  const [currency, setCurrency] = useState<'USD' | 'BZU'>('USD');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const deposit = trpc.vault.deposit.useMutation();
  const withdraw = trpc.vault.withdraw.useMutation();
  const requestIds = useRequestIds();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amountProblem = amountInputError(amount);
    if (amountProblem) return setProblem(amountProblem);
    if (direction === 'withdraw' && !password) return setProblem('Enter your password');
    setProblem(null);
    try {
      const move = { currency, amount: amount.trim() };
      const requestId = requestIds.for({ direction, ...move });
      const result =
        direction === 'deposit'
          ? await deposit.mutateAsync({ ...move, requestId })
          : await withdraw.mutateAsync({ ...move, password, otp: otp.trim() || undefined, requestId });
      requestIds.done();
      utils.vault.balances.setData(undefined, result);
      void utils.vault.history.invalidate();
      notifications.show({
        color: 'green',
        message:
          direction === 'deposit'
            ? `${amount.trim()} ${currency} moved into your vault`
            : `${amount.trim()} ${currency} moved to your balance`,
      });
      setAmount('');
      setPassword('');
      setOtp('');
      setNeedsCode(false);
    } catch (error) {
      if (errorCode(error) === 'TWO_FACTOR_REQUIRED') setNeedsCode(true);
      setProblem(errorMessage(error));
    }
  }

  const data = balances.data;
  return (
    <Modal opened={opened} onClose={onClose} title="Vault" centered size="md">
      <Stack gap="md">
        <SimpleGrid cols={2}>
          {(['USD', 'BZU'] as const).map((code) => (
            <Stack key={code} gap={0} p="sm" bg="var(--bzu-input)" style={{ borderRadius: 8 }}>
              <Text size="xs" c="dimmed">
                In vault ({code})
              </Text>
              <Text fw={700} ff="monospace" data-testid={`vault-balance-${code}`}>
                {data ? formatAmount(data.vault[code], code) : '…'}
              </Text>
              <Text size="xs" c="dimmed">
                Balance {data ? formatAmount(data.cash[code], code) : '…'}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Tabs
          value={direction}
          onChange={(value) => {
            setDirection((value as Direction) ?? 'deposit');
            setProblem(null);
          }}
        >
          <Tabs.List grow>
            <Tabs.Tab value="deposit">Deposit</Tabs.Tab>
            <Tabs.Tab value="withdraw">Withdraw</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <SegmentedControl
              value={currency}
              onChange={(value) => setCurrency(value as 'USD' | 'BZU')}
              data={['USD', 'BZU']}
              aria-label="Vault currency"
            />
            <TextInput
              label={`Amount (${currency})`}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
            />
            {direction === 'withdraw' ? (
              <>
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                />
                {needsCode ? (
                  <TextInput
                    label="2FA code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    value={otp}
                    onChange={(event) => setOtp(event.currentTarget.value)}
                  />
                ) : null}
                <Text size="xs" c="dimmed">
                  Taking funds out of the vault needs your password, and your 2FA code when 2FA is on.
                </Text>
              </>
            ) : (
              <Text size="xs" c="dimmed">
                Vault funds are kept apart from your balance: they cannot be bet or tipped until you take them out.
              </Text>
            )}
            <FormFailure message={problem} variant="light" />
            <Group justify="flex-end">
              <Button type="submit" loading={deposit.isPending || withdraw.isPending}>
                {direction === 'deposit' ? 'Move to vault' : 'Move to balance'}
              </Button>
            </Group>
          </Stack>
        </form>
        {history.data && history.data.moves.length > 0 ? (
          <Stack gap={2} aria-label="Recent vault moves">
            <Text size="xs" fw={700} c="dimmed">
              Recent moves
            </Text>
            {history.data.moves.map((move) => (
              <Group key={move.id} justify="space-between" wrap="nowrap">
                <Text size="xs">{move.direction === 'deposit' ? 'Into vault' : 'Out of vault'}</Text>
                <Text size="xs" ff="monospace">
                  {move.direction === 'deposit' ? '+' : '-'}
                  {formatAmount(move.amount, move.currency)} {move.currency}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(move.createdAt)}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
