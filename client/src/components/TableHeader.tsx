import { Table } from '@mantine/core';

/**
 * A table's header row: the text columns, then the numeric ones, right-aligned over their figures
 * (amounts, multipliers, balances), which is how every money table here is laid out.
 */
export function TableHeader({ columns, numeric }: { columns: readonly string[]; numeric: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
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
