import { Anchor, Badge, Box, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAppConfig } from '../config/use-app-config';
import { FOOTER_ABOUT_LINKS, FOOTER_COMMUNITY_LINKS, FOOTER_PLATFORM_LINKS } from '../navigation/nav-items';
import classes from './SiteFooter.module.css';

function FooterGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={2} size="xs" c="dimmed" tt="uppercase" lts={1}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FooterLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="var(--bzu-text)" className={classes.link}>
      {label}
    </Anchor>
  );
}

export function SiteFooter() {
  const { appVersion, supportEmail } = useAppConfig();
  return (
    <Box component="footer" className={classes.footer} px={{ base: 'md', sm: 'xl' }} py="xl" data-testid="site-footer">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xl">
        <FooterGroup title="Platform">
          {supportEmail ? (
            <Anchor href={`mailto:${supportEmail}`} size="sm" c="var(--bzu-text)" className={classes.link}>
              Support
            </Anchor>
          ) : (
            <FooterLink to="/help-center" label="Support" />
          )}
          {FOOTER_PLATFORM_LINKS.map((link) => (
            <FooterLink key={link.to} {...link} />
          ))}
        </FooterGroup>
        <FooterGroup title="About us">
          {FOOTER_ABOUT_LINKS.map((link) => (
            <FooterLink key={link.to} {...link} />
          ))}
        </FooterGroup>
        <FooterGroup title="Community">
          {FOOTER_COMMUNITY_LINKS.map((link) => (
            <FooterLink key={link.to} {...link} />
          ))}
        </FooterGroup>
      </SimpleGrid>
      <Divider my="lg" color="var(--bzu-border)" />
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Badge color="red" variant="outline" size="lg" aria-label="Adults only: 18 plus">
            18+
          </Badge>
          <Text size="sm" c="dimmed">
            This platform operates under a gaming licence and is for adults aged 18 and over only. Please play
            responsibly.
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Crypto trading is not gambling. BZU token prices are information, not financial advice.
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Support:{' '}
            {supportEmail ? (
              <Anchor href={`mailto:${supportEmail}`} inherit data-testid="support-email">
                {supportEmail}
              </Anchor>
            ) : (
              '…'
            )}
          </Text>
          <Text size="xs" c="dimmed" data-testid="app-version">
            Version {appVersion}
          </Text>
        </Group>
      </Stack>
    </Box>
  );
}
