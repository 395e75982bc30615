import { Avatar, Badge, Group, Menu, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { DEFAULT_CURRENCY, HEADER_PLACEHOLDERS } from '../../constants';
import { formatBalance } from '../account/format-balance';
import { LOGOUT_SUCCESS } from '../auth/auth-messages';
import { signOut } from '../auth/session-actions';
import { displayName, useSession } from '../auth/session-store';
import { ACCOUNT_LINKS } from '../navigation/nav-items';
import classes from './UserMenu.module.css';

/** Rank and experience come from the user record once the server has them; the spec's placeholders until then. */
function useProgress() {
  const { user } = useSession();
  const experience = typeof user?.experience === 'number' ? user.experience : HEADER_PLACEHOLDERS.experience;
  const target = typeof user?.experienceTarget === 'number' && user.experienceTarget > 0 ? user.experienceTarget : HEADER_PLACEHOLDERS.experienceTarget;
  return { rank: user?.rank ?? HEADER_PLACEHOLDERS.rank, experience, target };
}

export function UserMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  const name = displayName(user);
  const { rank, experience, target } = useProgress();
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
            <Badge variant="light" size="sm">
              {rank}
            </Badge>
          </Group>
          <Progress value={(experience / target) * 100} size="sm" aria-label={`Experience ${experience} of ${target}`} />
          <Text size="xs" c="dimmed">
            Experience {experience} / {target}
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
        {ACCOUNT_LINKS.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        {user?.isAdmin ? (
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
