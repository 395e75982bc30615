import { Button, Group, NavLink, Paper, Stack, Title } from '@mantine/core';
import { IconBriefcase, IconChartLine, IconInfoCircle, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { NarrowScreenOnly } from '../../components/NarrowScreenOnly';
import { openAuthModal } from '../auth/auth-modal-store';
import { useSession } from '../auth/session-store';
import { useFeatures } from '../config/use-app-config';
import { GameSearch } from '../games/GameSearch';
import { ThemeSwitcher } from '../theme/ThemeSwitcher';
import { TokenCard } from '../token/TokenCard';
import {
  ACCOUNT_LINKS,
  CASINO_LINKS,
  FOOTER_ABOUT_LINKS,
  ORIGINALS_LINKS,
  SPORTS_LINK,
  TOKEN_LINKS,
} from '../navigation/nav-items';

function MenuGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={4} bg="var(--bzu-card)" component="section" aria-label={title}>
      <Title order={2} size="xs" c="dimmed" tt="uppercase" lts={1} px="sm" pt="xs" pb={4}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Everything the desktop sidebar and header offer, for narrow screens. */
export function MenuPage() {
  const { isSignedIn } = useSession();
  const { sports } = useFeatures();
  return (
    <NarrowScreenOnly>
      <Stack gap="md">
        <Title order={1} size="h2">
          Menu
        </Title>
        <div role="search">
          <GameSearch />
        </div>
        <ThemeSwitcher />
        {isSignedIn ? null : (
          <Group grow>
            <Button variant="default" onClick={() => openAuthModal('login')}>
              LOGIN
            </Button>
            <Button onClick={() => openAuthModal('register')}>REGISTER</Button>
          </Group>
        )}
        <TokenCard />
        <MenuGroup title="Casino">
          {CASINO_LINKS.map(({ to, label, icon: LinkIcon }) => (
            <NavLink key={to} component={Link} to={to} label={label} leftSection={<LinkIcon size={18} aria-hidden />} />
          ))}
          {ORIGINALS_LINKS.map(({ to, label, icon: LinkIcon }) => (
            <NavLink key={to} component={Link} to={to} label={label} leftSection={<LinkIcon size={18} aria-hidden />} />
          ))}
          {sports ? (
            <NavLink
              component={Link}
              to={SPORTS_LINK.to}
              label={SPORTS_LINK.label}
              leftSection={<SPORTS_LINK.icon size={18} aria-hidden />}
            />
          ) : null}
        </MenuGroup>
        <MenuGroup title="Trading">
          <NavLink
            component={Link}
            to="/crypto-futures"
            label="Crypto Futures"
            leftSection={<IconChartLine size={18} aria-hidden />}
          />
          <NavLink
            component={Link}
            to="/portfolio"
            label="Portfolio"
            leftSection={<IconBriefcase size={18} aria-hidden />}
          />
          {TOKEN_LINKS.map((link) => (
            <NavLink key={link.to} component={Link} to={link.to} label={`BZU ${link.label}`} />
          ))}
        </MenuGroup>
        {isSignedIn ? (
          <MenuGroup title="Account">
            {ACCOUNT_LINKS.map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                leftSection={<IconUser size={18} aria-hidden />}
              />
            ))}
          </MenuGroup>
        ) : null}
        <MenuGroup title="Help">
          {[{ to: '/faq', label: 'FAQ' }, { to: '/help-center', label: 'Help Center' }, ...FOOTER_ABOUT_LINKS].map(
            (link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                leftSection={<IconInfoCircle size={18} aria-hidden />}
              />
            ),
          )}
        </MenuGroup>
      </Stack>
    </NarrowScreenOnly>
  );
}
