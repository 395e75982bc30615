import { Button, Group, Paper, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { openVaultModal } from '../economy/vault-modal-store';
import { formatXp, useRankProgress } from '../economy/use-vip';
import { DEFAULT_CURRENCY } from '../../constants';
import { formatBalance } from '../account/format-balance';
import { useSession } from '../auth/session-store';

/** The player's rank and the XP bar toward the next one; links to /vip. Live through vip-update events. */
function RankChip() {
  const progress = useRankProgress();
  const label = progress.target ? `${progress.rank}: ${formatXp(progress.xp)} of ${formatXp(progress.target)} XP toward ${progress.nextLabel}` : `${progress.rank}: ${formatXp(progress.xp)} XP`;
  return (
    <UnstyledButton component={Link} to="/vip" aria-label={label} title={label} data-testid="header-rank-chip">
      <Stack gap={3} w={92}>
        <Text size="xs" fw={700} lh={1} truncate style={{ color: progress.color }} data-testid="header-rank">
          {progress.rank}
        </Text>
        <Progress value={progress.percent} size={5} radius="xl" aria-hidden data-testid="header-xp-bar" data-percent={progress.percent} />
      </Stack>
    </UnstyledButton>
  );
}

/** Cash balance, BZU balance (desktop), the rank with its XP bar, and the Vault button (opens the vault). */
export function HeaderBalances({ compact }: { compact: boolean }) {
  const { user } = useSession();
  const currency = user?.currency ?? DEFAULT_CURRENCY;
  return (
    <Group gap="xs" wrap="nowrap">
      {compact ? null : <RankChip />}
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
          <Button variant="default" size="sm" leftSection={<IconLock size={16} aria-hidden />} onClick={openVaultModal}>
            Vault
          </Button>
        </>
      )}
    </Group>
  );
}
