import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';
import { DepositAddressCard } from '../wallet/DepositAddressCard';
import { useWalletRefreshOnBalanceChange } from '../wallet/use-balance-refresh';
import { WithdrawalForm } from '../wallet/WithdrawalForm';
import { TokenPageFrame } from './TokenSignedIn';
import { formatAmount } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

/** BZU in and out: the wallet's own deposit address and withdrawal form, narrowed to BZU. */
function TokenWallet() {
  useWalletRefreshOnBalanceChange();
  const { user } = useSession();
  const balances = trpc.wallet.balances.useQuery();
  const terms = trpc.wallet.withdrawalTerms.useQuery();
  const bzu = balances.data?.BZU ?? (user?.bzuBalance === undefined ? undefined : String(user.bzuBalance));
  const networks = terms.data?.networks.filter((network) => network.assets.includes('BZU')) ?? [];
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)">
        <Text size="sm" c="dimmed">
          BZU balance
        </Text>
        {bzu === undefined ? (
          <Skeleton height={34} mt={4} width="40%" />
        ) : (
          <Text fz={28} fw={700} ff="monospace" data-testid="wallet-bzu-balance">
            {formatAmount(bzu, 'BZU')}{' '}
            <Text span size="sm" c="dimmed">
              BZU
            </Text>
          </Text>
        )}
      </Paper>
      <ErrorAlert error={terms.error} title="BZU deposits and withdrawals are unavailable" />
      {terms.data ? (
        networks.length === 0 ? (
          <Text c="dimmed">No network carries BZU at the moment.</Text>
        ) : (
          <SimpleGrid type="container" cols={{ base: 1, '900px': 2 }} spacing="lg">
            <DepositAddressCard networks={networks.map((network) => ({ ...network, assets: ['BZU'] }))} />
            <WithdrawalForm
              terms={{ ...terms.data, networks: networks.map((network) => ({ ...network, assets: ['BZU' as const] })) }}
            />
          </SimpleGrid>
        )
      ) : terms.isPending ? (
        <Skeleton height={320} radius="md" />
      ) : null}
    </Stack>
  );
}

export function TokenWalletPage() {
  return (
    <TokenPageFrame
      title="BZU Wallet"
      description="Deposit BZU to your own address, or withdraw it to an external wallet."
      guestText="Log in to see your BZU deposit address and withdraw BZU."
    >
      <TokenWallet />
    </TokenPageFrame>
  );
}
