import { Table } from '@mantine/core';

/**
 * A table's header row: the text columns, then the numeric ones, right-aligned over their figures
 * (amounts, multipliers, balances), which is how every money table here is laid out. `wideOnly` text columns are
 * left out on phones (their cells take `visibleFrom="sm"` too), so the figures fit without a sideways scroll.
 */
export function TableHeader({
  columns,
  numeric,
  wideOnly = [],
}: {
  columns: readonly string[];
  numeric: readonly string[];
  wideOnly?: readonly string[];
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column} visibleFrom={wideOnly.includes(column) ? 'sm' : undefined}>
            {column}
          </Table.Th>
        ))}
        {numeric.map((column) => (
          <Table.Th key={column} ta="right">
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
