import { Table } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { PlaceholderState } from '../../components/PlaceholderState';
import { TableCard } from '../../components/TableCard';
import { PAGE_SIZE_DEFAULT } from '../../constants';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/datetime';
import { TableHeader } from '../../components/TableHeader';
import { AssetAmount } from '../../components/AssetAmount';
import { FIRST_PAGE, currentCursor, nextPage, pageNumber, previousPage } from '../../lib/paging';
import { PagerControls } from '../../components/PagerControls';

const KIND_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  'withdrawal-reserve': 'Withdrawal',
  'withdrawal-refund': 'Withdrawal refund',
  'referral-claim': 'Referral commission',
  'token:buy': 'BZU bought',
  'token:sell': 'BZU sold',
  'token:burn': 'BZU burned',
};

function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind.replace(/[-_:]/g, ' ').replace(/^./, (first) => first.toUpperCase());
}

/** The player's statement, newest first, in keyset pages, with the whole of it as CSV. */
export function TransactionHistory() {
  const utils = trpc.useUtils();
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const [trail, setTrail] = useState(FIRST_PAGE);
  const query = trpc.wallet.transactions.useQuery({ limit: pageSize, cursor: currentCursor(trail) });
  const items = query.data?.items ?? [];
  const nextCursor = query.data?.nextCursor ?? null;

  return (
    <TableCard
      title="Transaction history"
      titleId="history-title"
      exportCsv={() => utils.wallet.transactionsCsv.fetch(undefined, { staleTime: 0 })}
      error={query.error}
      errorTitle="Could not load your transactions"
      isPending={query.isPending}
      empty={
        items.length === 0 && pageNumber(trail) === 1 ? (
          <PlaceholderState
            icon={IconReceipt}
            title="No transactions yet"
            description="Deposits, withdrawals and claimed commission appear here."
          />
        ) : null
      }
      footer={
        items.length > 0 || pageNumber(trail) > 1 ? (
          <PagerControls
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              setTrail(FIRST_PAGE);
            }}
            page={pageNumber(trail)}
            hasPrevious={pageNumber(trail) > 1}
            hasNext={Boolean(nextCursor)}
            onPrevious={() => setTrail(previousPage)}
            onNext={() => setTrail((current) => nextPage(current, nextCursor))}
          />
        ) : null
      }
    >
      <Table striped verticalSpacing="xs" data-testid="transactions">
        <TableHeader columns={['Date', 'Type']} numeric={['Amount', 'Balance after']} />
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
              <Table.Td>{kindLabel(item.kind)}</Table.Td>
              <Table.Td ta="right">
                <AssetAmount
                  amount={item.amount}
                  asset={item.currency}
                  signed
                  c={item.amount.startsWith('-') ? 'red' : 'teal'}
                />
              </Table.Td>
              <Table.Td ta="right">
                <AssetAmount amount={item.balanceAfter} asset={item.currency} fw={400} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}
