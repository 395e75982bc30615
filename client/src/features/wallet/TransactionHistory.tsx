import { Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { PlaceholderState } from '../../components/PlaceholderState';
import { PAGE_SIZE_DEFAULT } from '../../constants';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/datetime';
import { TableHeader } from '../../components/TableHeader';
import { useCsvExport } from '../../lib/csv-export';
import { formatAmount, formatSignedAmount } from '../../lib/money';
import { FIRST_PAGE, currentCursor, nextPage, pageNumber, previousPage } from '../../lib/paging';
import { ErrorAlert } from '../../components/ErrorAlert';
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
  const { exporting, exportError, exportCsv } = useCsvExport(() => utils.wallet.transactionsCsv.fetch(undefined, { staleTime: 0 }));
  const query = trpc.wallet.transactions.useQuery({ limit: pageSize, cursor: currentCursor(trail) });
  const items = query.data?.items ?? [];
  const nextCursor = query.data?.nextCursor ?? null;

  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="history-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="history-title">
            Transaction history
          </Title>
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void exportCsv()} loading={exporting}>
            Export CSV
          </Button>
        </Group>
        <ErrorAlert error={exportError} title="Export failed" />
        <ErrorAlert error={query.error} title="Could not load your transactions" />
        {query.isPending ? null : items.length === 0 && pageNumber(trail) === 1 ? (
          <PlaceholderState icon={IconReceipt} title="No transactions yet" description="Deposits, withdrawals and claimed commission appear here." />
        ) : (
          <ScrollArea type="auto">
            <Table striped verticalSpacing="xs" data-testid="transactions">
              <TableHeader columns={['Date', 'Type']} numeric={['Amount', 'Balance after']} />
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
                    <Table.Td>{kindLabel(item.kind)}</Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" ff="monospace" fw={600} c={item.amount.startsWith('-') ? 'red' : 'teal'}>
                        {formatSignedAmount(item.amount, item.currency)} {item.currency}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" ff="monospace">
                        {formatAmount(item.balanceAfter, item.currency)} {item.currency}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {items.length > 0 || pageNumber(trail) > 1 ? (
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
        ) : null}
      </Stack>
    </Paper>
  );
}
