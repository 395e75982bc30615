import { Alert, Badge, Button, Group, Select, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { toApiError } from '../../lib/api-error';
import { formatAmount } from './money';
import { PAGE_SIZES } from './paging';

/** The server's own message for a failed request. */
export function errorMessage(error: unknown): string {
  return toApiError(error).message;
}

export function ErrorAlert({ error, title = 'Something went wrong' }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={title} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

const STATUS_COLORS: Record<string, string> = {
  PENDING: 'yellow',
  APPROVED: 'blue',
  SENT: 'green',
  CREDITED: 'green',
  REJECTED: 'red',
  FAILED: 'red',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" miw="max-content" data-testid="status-badge">
      {status}
    </Badge>
  );
}

/** An amount with its asset, in the lists' bold monospace. */
export function AssetAmount({ amount, asset }: { amount: string; asset: string }) {
  return (
    <Text ff="monospace" size="sm" fw={600}>
      {formatAmount(amount, asset)} {asset}
    </Text>
  );
}

/** Page size (20 by default, 100 at most) and previous / next over keyset pages. */
export function PagerControls(props: {
  pageSize: number;
  onPageSize: (size: number) => void;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed" component="label" htmlFor="page-size">
          Per page
        </Text>
        <Select
          id="page-size"
          w={90}
          size="xs"
          data={PAGE_SIZES.map(String)}
          value={String(props.pageSize)}
          onChange={(value) => value && props.onPageSize(Number(value))}
          allowDeselect={false}
          aria-label="Per page"
        />
      </Group>
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={!props.hasPrevious} onClick={props.onPrevious}>
          Previous
        </Button>
        <Text size="sm" aria-live="polite">
          Page {props.page}
        </Text>
        <Button size="xs" variant="default" disabled={!props.hasNext} onClick={props.onNext}>
          Next
        </Button>
      </Group>
    </Group>
  );
}

/** 0x12345678...abcd: long addresses and hashes in tables. */
export function shorten(text: string, keep = 8): string {
  return text.length > keep * 2 + 3 ? `${text.slice(0, keep)}…${text.slice(-keep + 2)}` : text;
}
