import { Stack, Text } from '@mantine/core';

/** A small caption over a bold value: the raffle's headline numbers, a chat profile's facts. */
export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
