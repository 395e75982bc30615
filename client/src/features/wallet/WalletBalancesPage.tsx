import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';
import { DepositAddressCard } from './DepositAddressCard';
import { DevChainCard } from './DevChainCard';
import { TransactionHistory } from './TransactionHistory';
import { useWalletRefreshOnBalanceChange } from './use-balance-refresh';
import { WithdrawalForm } from './WithdrawalForm';
import { formatAmount } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Balances (exact), the deposit address per network, the withdrawal form and the statement. */
export function WalletBalancesPage() {
  useWalletRefreshOnBalanceChange();
  const { user } = useSession();
  const balances = trpc.wallet.balances.useQuery();
  const terms = trpc.wallet.withdrawalTerms.useQuery();
  // The server's figures; the session's live ones while they load.
  const usd = balances.data?.USD ?? (user?.balance === undefined ? undefined : String(user.balance));
  const bzu = balances.data?.BZU ?? (user?.bzuBalance === undefined ? undefined : String(user.bzuBalance));

  return (
    <Stack gap="lg">
      <PageHeader title="Balances" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {[
          { label: 'Cash (USD)', value: usd, currency: 'USD', testId: 'balance-usd' },
          { label: 'BZU', value: bzu, currency: 'BZU', testId: 'balance-bzu' },
        ].map((balance) => (
          <Paper key={balance.label} withBorder radius="md" p="lg" bg="var(--bzu-card)">
            <Text size="sm" c="dimmed">
              {balance.label}
            </Text>
            {balance.value === undefined ? (
              <Skeleton height={34} mt={4} width="60%" />
            ) : (
              <Text fz={28} fw={700} ff="monospace" data-testid={balance.testId}>
                {formatAmount(balance.value, balance.currency)}{' '}
                <Text span size="sm" c="dimmed">
                  {balance.currency}
                </Text>
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <ErrorAlert error={terms.error} title="Deposits and withdrawals are unavailable" />
      {terms.data ? (
        <Stack gap="lg">
          {/* Anchors for the header wallet's Deposit and Withdraw. */}
          <div id="deposit">
            <DepositAddressCard networks={terms.data.networks} />
          </div>
          <DevChainCard />
          <div id="withdraw">
            <WithdrawalForm terms={terms.data} available={{ USD: usd, BZU: bzu }} />
          </div>
        </Stack>
      ) : terms.isPending ? (
        <Skeleton height={320} radius="md" />
      ) : null}
      <TransactionHistory />
    </Stack>
  );
}
