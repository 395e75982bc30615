import { Anchor, Text } from '@mantine/core';
import { IconArrowUpFromArc } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import { StatusListPage } from './StatusListPage';
import { formatDateTime } from '../../lib/datetime';
import { formatAmount } from '../../lib/money';
import { WITHDRAWAL_STATUSES, type WithdrawalStatusFilter } from './wallet-statuses';
import { AssetAmount } from '../../components/AssetAmount';
import { StatusBadge } from '../../components/StatusBadge';
import { shorten } from '../../lib/text';

function useWithdrawalsPage(input: { status: string; limit: number; page: number }) {
  return trpc.wallet.withdrawals.useQuery({ ...input, status: input.status as WithdrawalStatusFilter });
}
type Item = NonNullable<ReturnType<typeof useWithdrawalsPage>['data']>['items'][number];

export function WithdrawalsPage({ status }: { status: WithdrawalStatusFilter }) {
  return (
    <StatusListPage<Item>
      title="Withdrawals"
      routePath="/account/withdrawals/$status"
      statuses={WITHDRAWAL_STATUSES}
      status={status}
      icon={IconArrowUpFromArc}
      emptyDescription="Request a withdrawal on the Balances page; it is listed here while staff review and send it."
      columns={['Date', 'Amount', 'Fee', 'To', 'Status', 'Transaction']}
      rowKey={(item) => item.id}
      row={(item) => [
        formatDateTime(item.createdAt),
        <AssetAmount key="amount" amount={item.amount} asset={item.asset} />,
        <Text key="fee" ff="monospace" size="sm">
          {formatAmount(item.fee, item.asset)}
        </Text>,
        <Text key="to" size="xs" title={item.address}>
          {item.network}{' '}
          <Text span ff="monospace" size="xs">
            {shorten(item.address)}
          </Text>
        </Text>,
        <StatusBadge key="status" status={item.status} />,
        item.txid && item.explorerUrl ? (
          <Anchor
            key="tx"
            href={item.explorerUrl}
            target="_blank"
            rel="noreferrer"
            ff="monospace"
            size="xs"
            title={item.txid}
          >
            {shorten(item.txid)}
          </Anchor>
        ) : item.txid ? (
          <Text key="tx" ff="monospace" size="xs" title={item.txid}>
            {shorten(item.txid)}
          </Text>
        ) : item.reason ? (
          <Text key="tx" size="xs" c="dimmed">
            {item.reason}
          </Text>
        ) : (
          '-'
        ),
      ]}
      usePage={useWithdrawalsPage}
    />
  );
}
