import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCsvExport } from '../lib/csv-export';
import { ErrorAlert } from './ErrorAlert';
import { KeyboardScrollArea } from './KeyboardScrollArea';

export interface TableCardProps {
  title: string;
  /** The heading's id: the card is the section it labels. */
  titleId: string;
  /** Fetches the whole (filtered) list as CSV for the heading's Export CSV button. */
  exportCsv: () => Promise<{ filename: string; csv: string }>;
  exportTestId?: string;
  /** Controls between the heading and the table (filters). */
  filters?: ReactNode;
  /** The list's load failure, shown under `errorTitle`. */
  error: unknown;
  errorTitle: string;
  isPending: boolean;
  /** Shown instead of the table when there is nothing to list; null when there is. */
  empty: ReactNode;
  /** Paging under the table. */
  footer?: ReactNode;
  /** The table, scrolled sideways when wider than the card. */
  children: ReactNode;
}

/** A player's history as a card: heading with Export CSV, filters, failures, the table or its empty state, paging. */
export function TableCard(props: TableCardProps) {
  const { exporting, exportError, exportCsv } = useCsvExport(props.exportCsv);
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby={props.titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id={props.titleId}>
            {props.title}
          </Title>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={exporting}
            data-testid={props.exportTestId}
          >
            Export CSV
          </Button>
        </Group>
        {props.filters}
        <ErrorAlert error={exportError} title="Export failed" />
        <ErrorAlert error={props.error} title={props.errorTitle} />
        {props.isPending
          ? null
          : (props.empty ?? <KeyboardScrollArea label={`${props.title} table`}>{props.children}</KeyboardScrollArea>)}
        {props.footer}
      </Stack>
    </Paper>
  );
}
