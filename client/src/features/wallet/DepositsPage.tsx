import { Text } from '@mantine/core';
import { IconArrowDownToArc } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import { StatusListPage } from './StatusListPage';
import { formatDateTime } from '../../lib/datetime';
import { DEPOSIT_STATUSES, type DepositStatusFilter } from './wallet-statuses';
import { AssetAmount } from '../../components/AssetAmount';
import { StatusBadge } from '../../components/StatusBadge';
import { shorten } from '../../lib/text';

function useDepositsPage(input: { status: string; limit: number; page: number }) {
  // While a deposit is pending, its confirmations count up on screen.
  return trpc.wallet.deposits.useQuery(
    { ...input, status: input.status as DepositStatusFilter },
    { refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'PENDING') ? 3_000 : false) },
  );
}
type Item = NonNullable<ReturnType<typeof useDepositsPage>['data']>['items'][number];

export function DepositsPage({ status }: { status: DepositStatusFilter }) {
  return (
    <StatusListPage<Item>
      title="Deposits"
      routePath="/account/deposits/$status"
      statuses={DEPOSIT_STATUSES}
      status={status}
      icon={IconArrowDownToArc}
      emptyDescription="Send USDT, USDC or BZU to your deposit address on the Balances page; each transfer is listed here as it confirms."
      columns={['Date', 'Amount', 'Network', 'Confirmations', 'Status', 'Transaction']}
      rowKey={(item) => item.id}
      row={(item) => [
        formatDateTime(item.createdAt),
        <AssetAmount key="amount" amount={item.amount} asset={item.asset} />,
        item.network,
        `${item.confirmations} / ${item.requiredConfirmations}`,
        <StatusBadge key="status" status={item.status} />,
        <Text key="tx" ff="monospace" size="xs" title={item.txHash}>
          {shorten(item.txHash)}
        </Text>,
      ]}
      usePage={useDepositsPage}
    />
  );
}
