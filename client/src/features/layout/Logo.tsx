import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The mark and the name; `markOnly` on a phone's signed-in bar, where the balance needs the room. */
export function Logo({ markOnly = false }: { markOnly?: boolean }) {
  return (
    <UnstyledButton component={Link} to="/" aria-label="BZU home">
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        {markOnly ? null : (
          <Text fw={800} fz={22} lts={1}>
            BZU
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
