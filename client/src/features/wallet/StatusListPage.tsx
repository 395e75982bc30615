import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { KeyboardScrollArea } from '../../components/KeyboardScrollArea';
import { PageHeader } from '../../components/PageHeader';
import { useIsMobile } from '../../components/use-is-mobile';
import { PlaceholderState } from '../../components/PlaceholderState';
import { PAGE_SIZE_DEFAULT } from '../../constants';
import { totalLabel } from '../../lib/paging';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PagerControls } from '../../components/PagerControls';

export interface StatusListProps<TItem> {
  title: string;
  /** The status route of this list. */
  routePath: '/account/deposits/$status' | '/account/withdrawals/$status';
  statuses: readonly string[];
  status: string;
  icon: Icon;
  emptyDescription: ReactNode;
  columns: string[];
  row: (item: TItem) => ReactNode[];
  rowKey: (item: TItem) => string;
  /** Loads one page by number (1-based; the number lives in the URL as ?page=N). */
  usePage: (input: { status: string; limit: number; page: number }) => {
    data?: { items: TItem[]; nextCursor: string | null; total: number };
    error: unknown;
    isPending: boolean;
  };
}

/**
 * Deposits and withdrawals: a status filter in the path, the page number in the query (?page=2,
 * kept on reload), pages of 20 (up to 100), the total, designed empty states.
 */
/** "No deposits yet" over the whole list, "No pending deposits" under a status filter. */
function emptyTitle(title: string, status: string): string {
  const things = title.toLowerCase();
  return status === 'ALL' ? `No ${things} yet` : `No ${status.toLowerCase()} ${things}`;
}

export function StatusListPage<TItem>(props: StatusListProps<TItem>) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const search: { page?: number } = useSearch({ strict: false });
  const page = search.page ?? 1;
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const goToPage = (next: number) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, page: next > 1 ? next : undefined }),
    });
  const query = props.usePage({ status: props.status, limit: pageSize, page });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const hasNext = page * pageSize < total;

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
      {query.data ? (
        <Text size="sm" c="dimmed" data-testid="status-list-total">
          {totalLabel(total, props.title.toLowerCase())}
        </Text>
      ) : null}
      <ErrorAlert error={query.error} title={`Could not load ${props.title.toLowerCase()}`} />
      {query.isPending ? null : items.length === 0 && !query.error ? (
        <PlaceholderState
          icon={props.icon}
          title={emptyTitle(props.title, props.status)}
          description={props.emptyDescription}
        />
      ) : items.length > 0 ? (
        <Paper withBorder radius="md" bg="var(--bzu-card)">
          {/* Phones scroll the table sideways inside its card; wider screens fit it (no minimum
              width: at 1440 px with the chat open the card is ~600 px wide). */}
          <KeyboardScrollArea label={props.title}>
            <Table
              striped
              highlightOnHover
              verticalSpacing="sm"
              miw={isMobile ? 640 : undefined}
              data-testid="status-list"
            >
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
          </KeyboardScrollArea>
        </Paper>
      ) : null}
      {items.length > 0 || page > 1 ? (
        <PagerControls
          pageSize={pageSize}
          onPageSize={(size) => {
            setPageSize(size);
            goToPage(1);
          }}
          page={page}
          hasPrevious={page > 1}
          hasNext={hasNext}
          onPrevious={() => goToPage(page - 1)}
          onNext={() => goToPage(page + 1)}
        />
      ) : null}
    </Stack>
  );
}
