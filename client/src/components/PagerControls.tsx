import { Button, Group, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '../lib/paging';

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
