import { Button, Group, Paper, ScrollArea, Stack, Table } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { PAGE_SIZE_DEFAULT } from '../../constants';
import { FIRST_PAGE, currentCursor, nextPage, pageNumber, previousPage, type CursorTrail } from './paging';
import { ErrorAlert, PagerControls } from './wallet-ui';

export interface StatusListProps<TItem> {
  title: string;
  /** The status route of this list. */
  routePath: '/account/deposits/$status' | '/account/withdrawals/$status';
  statuses: readonly string[];
  status: string;
  icon: Icon;
  emptyTitle: (status: string) => string;
  emptyDescription: ReactNode;
  columns: string[];
  row: (item: TItem) => ReactNode[];
  rowKey: (item: TItem) => string;
  /** Loads one page; the page keeps the cursor trail and the size. */
  usePage: (input: { status: string; limit: number; cursor?: string }) => {
    data?: { items: TItem[]; nextCursor: string | null };
    error: unknown;
    isPending: boolean;
  };
}

/** Deposits and withdrawals: a status filter in the path, keyset pages of 20 (up to 100), designed empty states. */
export function StatusListPage<TItem>(props: StatusListProps<TItem>) {
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const [trail, setTrail] = useState<CursorTrail>(FIRST_PAGE);
  useEffect(() => setTrail(FIRST_PAGE), [props.status, pageSize]);
  const query = props.usePage({ status: props.status, limit: pageSize, cursor: currentCursor(trail) });
  const items = query.data?.items ?? [];
  const nextCursor = query.data?.nextCursor ?? null;

  return (
    <Stack gap="md">
      <PageHeader title={props.title} />
      <Group gap={6} role="navigation" aria-label={`${props.title} by status`} wrap="wrap">
        {props.statuses.map((status) => (
          <Button
            key={status}
            size="xs"
            radius="xl"
            variant={status === props.status ? 'filled' : 'default'}
            aria-current={status === props.status ? 'page' : undefined}
            renderRoot={(rootProps) => <Link {...rootProps} to={props.routePath} params={{ status }} />}
          >
            {status}
          </Button>
        ))}
      </Group>
      <ErrorAlert error={query.error} title={`Could not load ${props.title.toLowerCase()}`} />
      {query.isPending ? null : items.length === 0 && !query.error ? (
        <PlaceholderState icon={props.icon} title={props.emptyTitle(props.status)} description={props.emptyDescription} />
      ) : items.length > 0 ? (
        <Paper withBorder radius="md" bg="var(--bzu-card)">
          <ScrollArea type="auto">
            <Table striped highlightOnHover verticalSpacing="sm" miw={720} data-testid="status-list">
              <Table.Thead>
                <Table.Tr>
                  {props.columns.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={props.rowKey(item)}>
                    {props.row(item).map((cell, index) => (
                      <Table.Td key={props.columns[index]}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      ) : null}
      {items.length > 0 || pageNumber(trail) > 1 ? (
        <PagerControls
          pageSize={pageSize}
          onPageSize={setPageSize}
          page={pageNumber(trail)}
          hasPrevious={pageNumber(trail) > 1}
          hasNext={Boolean(nextCursor)}
          onPrevious={() => setTrail(previousPage)}
          onNext={() => setTrail((current) => nextPage(current, nextCursor))}
        />
      ) : null}
    </Stack>
  );
}
