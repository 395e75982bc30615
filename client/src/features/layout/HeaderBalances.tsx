import { Button, Group, Paper, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { LazyTooltip } from '../../components/LazyTooltip';
import { DEFAULT_CURRENCY } from '../../constants';
import { formatBalance } from '../account/format-balance';
import { useSession } from '../auth/session-store';

/** Cash balance, BZU balance (desktop) and the Vault button, which the spec gives no action yet. */
export function HeaderBalances({ compact }: { compact: boolean }) {
  const { user } = useSession();
  const currency = user?.currency ?? DEFAULT_CURRENCY;
  return (
    <Group gap="xs" wrap="nowrap">
      <Paper px="sm" py={6} radius="md" bg="var(--bzu-input)" aria-label="Cash balance" role="group">
        <Text size="sm" fw={700} ff="monospace" data-testid="header-balance">
          {formatBalance(user?.balance)} <Text span size="xs" c="dimmed">{currency}</Text>
        </Text>
      </Paper>
      {compact ? null : (
        <>
          <Paper px="sm" py={6} radius="md" bg="var(--bzu-input)" aria-label="BZU balance" role="group">
            <Text size="sm" fw={700} ff="monospace" data-testid="header-bzu-balance">
              {formatBalance(user?.bzuBalance)} <Text span size="xs" c="dimmed">BZU</Text>
            </Text>
          </Paper>
          <LazyTooltip label="The vault is coming soon">
            {/* Focusable but inert: aria-disabled keeps it in the tab order so the tooltip is reachable. */}
            <Button variant="default" size="sm" leftSection={<IconLock size={16} aria-hidden />} aria-disabled data-disabled onClick={(event) => event.preventDefault()}>
              Vault
            </Button>
          </LazyTooltip>
        </>
      )}
    </Group>
  );
}
