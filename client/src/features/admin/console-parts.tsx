import { Button, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { KeyboardScrollArea } from '../../components/KeyboardScrollArea';

/** The admin console's building blocks: one look for its forms, tables and switches. */

/** A form's text fields: `field(name)` gives an input its value and change handler. */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [form, setForm] = useState(initial);
  const field = (name: keyof T) => ({
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setForm({ ...form, [name]: event.currentTarget.value }),
  });
  return { form, setForm, field };
}

/** The fields that were filled in (an empty field keeps the stored value). */
export function filledIn<T extends Record<string, string>>(form: T): Partial<T> {
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== '')) as Partial<T>;
}

export interface ConsoleFormProps {
  title: string;
  label?: string;
  onSubmit: () => void;
  error: unknown;
  errorTitle: string;
  /** Shown under the failure, e.g. what was saved. */
  status?: ReactNode;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** A console form: its heading, the fields, the failure, and the submit button on the right. */
export function ConsoleForm(props: ConsoleFormProps) {
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSubmit();
      }}
      aria-label={props.label}
    >
      <Stack gap="xs">
        <Title order={3} fz="md">
          {props.title}
        </Title>
        {props.children}
        <ErrorAlert error={props.error} title={props.errorTitle} />
        {props.status}
        <Group justify="flex-end">
          <Button size="xs" type="submit" loading={props.pending} disabled={props.disabled}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A console list: scrolls sideways on narrow screens; `right` columns hold figures. */
export function ConsoleTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly (string | { right: string })[];
  children: ReactNode;
}) {
  return (
    <KeyboardScrollArea label={label}>
      <Table striped verticalSpacing="xs" miw={640} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <Table.Th key={column}>{column}</Table.Th>
              ) : (
                <Table.Th key={column.right} ta="right">
                  {column.right}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </KeyboardScrollArea>
  );
}

/** A row's first cell: the name, and under it what tells it apart. */
export function NameCell({ name, detail }: { name: ReactNode; detail: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Table.Td>
  );
}

/** A row's on/off switch, named after the row. */
export function EnabledCell({
  name,
  checked,
  onChange,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Table.Td>
      <Switch
        size="sm"
        aria-label={`${name} enabled`}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Table.Td>
  );
}

/** One section of the console: a card that is the section its heading names. */
export function ConsoleSection(props: { titleId: string; title: string; gap?: 'sm' | 'md'; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby={props.titleId}>
      <Stack gap={props.gap ?? 'sm'}>
        <Title order={2} fz="lg" id={props.titleId}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}
