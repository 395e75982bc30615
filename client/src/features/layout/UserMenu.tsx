import { Avatar, Badge, Group, Menu, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { isStaffRole } from '../../../../server/src/domain/staff/roles.schemas';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { DEFAULT_CURRENCY } from '../../constants';
import { formatXp, useRankProgress } from '../economy/use-vip';
import { openVaultModal } from '../economy/vault-modal-store';
import { formatBalance } from '../account/format-balance';
import { LOGOUT_SUCCESS } from '../auth/auth-messages';
import { signOut } from '../auth/session-actions';
import { displayName, useSession } from '../auth/session-store';
import { ACCOUNT_LINKS } from '../navigation/nav-items';
import classes from './UserMenu.module.css';

export function UserMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  const name = displayName(user);
  const progress = useRankProgress();
  const currency = user?.currency ?? DEFAULT_CURRENCY;

  async function logOut() {
    await signOut();
    notifications.show({ color: 'blue', message: LOGOUT_SUCCESS });
    void navigate({ to: '/' });
  }

  return (
    <Menu position="bottom-end" width={260} withArrow>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={`Account menu for ${name}`}>
          <Group gap={6} wrap="nowrap">
            <Avatar size={30} radius="xl" color="brand" alt="">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={6} p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} truncate>
              {name}
            </Text>
            <Badge
              variant="light"
              size="sm"
              style={progress.color ? { color: progress.color } : undefined}
              data-testid="menu-rank"
            >
              {progress.rank}
            </Badge>
          </Group>
          <Progress
            value={progress.percent}
            size="sm"
            aria-label={
              progress.target ? `Experience ${progress.xp} of ${progress.target}` : `Experience ${progress.xp}`
            }
          />
          <Text size="xs" c="dimmed" data-testid="menu-xp">
            {progress.target
              ? `Experience ${formatXp(progress.xp)} / ${formatXp(progress.target)}${progress.nextLabel ? ` to ${progress.nextLabel}` : ''}`
              : `Experience ${formatXp(progress.xp)} (top rank)`}
          </Text>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Balance
            </Text>
            <Text size="sm" fw={600} ff="monospace">
              {formatBalance(user?.balance)} {currency}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              BZU
            </Text>
            <Text size="sm" fw={600} ff="monospace">
              {formatBalance(user?.bzuBalance)} BZU
            </Text>
          </Group>
        </Stack>
        <Menu.Divider />
        <Menu.Item component={Link} to="/vip">
          VIP and rakeback
        </Menu.Item>
        <Menu.Item onClick={openVaultModal}>Vault</Menu.Item>
        {ACCOUNT_LINKS.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Item component={Link} to="/responsible-gaming">
          Responsible gaming
        </Menu.Item>
        {isStaffRole(user?.role ?? 'user') ? (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} aria-hidden />}>
            Admin
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logOut()}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
