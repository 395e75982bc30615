import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useRequestIds } from '../../lib/request-id';
import { trpc } from '../../trpc';
import { networkLabel, networkOptionLabel, withdrawalProblems, type WithdrawalNetwork } from './withdrawal-validation';
import { TwoFactorCodeInput } from '../account/TwoFactorCodeInput';
import { addAmounts, amountInputError, formatAmount } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

type Asset = 'USDT' | 'USDC' | 'BZU';

export interface WithdrawalTerms {
  minimum: { USD: string; BZU: string };
  fee: { USD: string; BZU: string };
  /** Every network the server offers: each configured EVM network and the processor networks. */
  networks: (WithdrawalNetwork & { assets: Asset[] })[];
}

const currencyOf = (asset: Asset) => (asset === 'BZU' ? 'BZU' : 'USD');

/** Amount, currency, network, address and password; the server decides, and its refusals are shown as it words them. */
export function WithdrawalForm({
  terms,
  available,
}: {
  terms: WithdrawalTerms;
  available?: { USD?: string; BZU?: string };
}) {
  const utils = trpc.useUtils();
  const assets = [...new Set(terms.networks.flatMap((network) => network.assets))];
  const [asset, setAsset] = useState<Asset>(assets[0] ?? 'USDT');
  const networks = terms.networks.filter((network) => network.assets.includes(asset));
  const [networkId, setNetworkId] = useState<string>(networks[0]?.id ?? '');
  const network = networks.find((item) => item.id === networkId) ?? networks[0];
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [addressError, setAddressError] = useState<string | null>(null);
  // The code field only when the server says this account has two-factor authentication on.
  const twoFactor = trpc.auth.twoFactor.status.useQuery(undefined, { retry: false });
  const needsCode = twoFactor.data?.enabled === true;
  const requestIds = useRequestIds();
  const withdraw = trpc.wallet.withdraw.useMutation({
    onSuccess: () => {
      requestIds.done();
      setPassword('');
      setOtp('');
      setAmount('');
      void utils.wallet.balances.invalidate();
      void utils.wallet.transactions.invalidate();
      void utils.wallet.withdrawals.invalidate();
    },
  });

  const currency = currencyOf(asset);
  const minimum = terms.minimum[currency];
  const fee = terms.fee[currency];
  const total = amountInputError(amount) === null ? addAmounts(amount.trim(), fee) : null;

  function changeAsset(value: Asset) {
    setAsset(value);
    const available = terms.networks.filter((item) => item.assets.includes(value));
    if (!available.some((item) => item.id === networkId) && available[0]) setNetworkId(available[0].id);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!network) return;
    // Checked here first, in words (the server checks again, and has the last word).
    const problems = withdrawalProblems({
      amount,
      address,
      network,
      currency,
      minimum,
      fee,
      available: available?.[currency],
    });
    setAmountError(problems.amount);
    setAddressError(problems.address);
    if (problems.amount || problems.address) return;
    const request = { amount: amount.trim(), asset, network: network.id, address: address.trim() };
    withdraw.mutate({
      ...request,
      password,
      ...(needsCode ? { otp: otp.trim() } : {}),
      requestId: requestIds.for(request),
    });
  }

  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="withdraw-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="withdraw-title">
            Withdraw
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Currency"
              data={assets}
              value={asset}
              onChange={(value) => value && changeAsset(value as Asset)}
              allowDeselect={false}
            />
            <Select
              label="Network"
              data={networks.map((item) => ({ value: item.id, label: networkOptionLabel(item) }))}
              value={network?.id ?? null}
              onChange={(value) => value && setNetworkId(value)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <TextInput
            label="Amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={amountError}
            rightSection={
              <Text size="xs" c="dimmed">
                {asset}
              </Text>
            }
            rightSectionWidth={52}
          />
          <Text size="sm" c="dimmed" data-testid="withdrawal-terms">
            Minimum {formatAmount(minimum, currency)} {currency} · Fee {formatAmount(fee, currency)} {currency}
            {total ? ` · ${formatAmount(total, currency)} ${currency} leaves your balance` : ''}
          </Text>
          <TextInput
            label="Destination address"
            autoComplete="off"
            spellCheck={false}
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            error={addressError}
            placeholder={network?.family === 'tron' ? 'T…' : '0x…'}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <PasswordInput
            label="Account password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {needsCode ? (
            <TwoFactorCodeInput value={otp} onChange={(event) => setOtp(event.currentTarget.value)} />
          ) : null}
          <ErrorAlert error={withdraw.error} title="Withdrawal refused" />
          {withdraw.data ? (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck size={18} aria-hidden />}
              title="Withdrawal requested"
              role="status"
            >
              {formatAmount(withdraw.data.amount, withdraw.data.asset)} {withdraw.data.asset} to{' '}
              {networkLabel(
                terms.networks.find((item) => item.id === withdraw.data.network) ?? {
                  id: withdraw.data.network,
                  name: withdraw.data.network,
                  family: 'evm',
                },
              )}{' '}
              is {withdraw.data.status}; staff review it before it is sent.{' '}
              <Anchor component={Link} to="/account/withdrawals/ALL" size="sm">
                See your withdrawals
              </Anchor>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={withdraw.isPending}>
              Request withdrawal
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
