import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<string, string> = {
  PENDING: 'yellow',
  APPROVED: 'blue',
  SENT: 'green',
  CONFIRMED: 'green',
  DROPPED: 'gray',
  CREDITED: 'green',
  REJECTED: 'red',
  FAILED: 'red',
};

/** A deposit's or withdrawal's status, coloured by how it ended (the wallet's lists and the operator console). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" miw="max-content" data-testid="status-badge">
      {status}
    </Badge>
  );
}
