import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function Logo() {
  return (
    <UnstyledButton component={Link} to="/" aria-label="BZU home">
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text fw={800} fz={22} lts={1}>
          BZU
        </Text>
      </Group>
    </UnstyledButton>
  );
}
