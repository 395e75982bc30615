import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useRealtimeStatus } from '../realtime/realtime-status';
import { TokenPrice } from './TokenPrice';
import { useTokenLatest } from './use-token-latest';

/** The sidebar's token card (spec section 2, "Sidebar"). */
export function TokenCard() {
  const state = useTokenLatest();
  const live = useRealtimeStatus() === 'live';
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--bzu-card)" component="section" aria-label="BZU token">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon radius="xl" size="md" aria-hidden>
            <IconCoin size={16} />
          </ThemeIcon>
          <div>
            <Text fw={700} size="sm" lh={1.2}>
              BZU
            </Text>
            <Text size="xs" c="dimmed" lh={1.2}>
              BZU Token
            </Text>
          </div>
          {live ? (
            <LazyTooltip label="Price updates arrive as they happen">
              <Badge size="xs" variant="dot" color="green" ml="auto" data-testid="token-live" tabIndex={0}>
                Live
              </Badge>
            </LazyTooltip>
          ) : null}
        </Group>
        <TokenPrice state={state} />
        <Group grow gap="xs">
          <Button component={Link} to="/token/trade" size="xs" px={6}>
            Trade
          </Button>
          <Button component={Link} to="/token" size="xs" variant="default" px={6}>
            Dashboard
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
