import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconServerOff } from '@tabler/icons-react';
import { useState } from 'react';
import { refreshHealth } from './health-store';

/**
 * "Server Maintenance" with Try Again. The spec's Try Again reloads the page; it checks first,
 * so a reload never lands on the browser's own connection-error page.
 */
export function MaintenanceNotice({ compact = false }: { compact?: boolean }) {
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);

  async function tryAgain() {
    setChecking(true);
    const status = await refreshHealth();
    if (status === 'ok') {
      window.location.reload();
      return;
    }
    setChecking(false);
    setStillDown(true);
  }

  return (
    <Stack align="center" ta="center" gap="sm" maw={420} py={compact ? 'md' : 0}>
      <ThemeIcon size={compact ? 48 : 64} radius="xl" color="yellow" variant="light" aria-hidden>
        <IconServerOff size={compact ? 26 : 34} />
      </ThemeIcon>
      <Title order={2} size={compact ? 'h4' : 'h2'} id="maintenance-title">
        Server Maintenance
      </Title>
      <Text c="dimmed">Our servers are currently under maintenance. Please try again later.</Text>
      {stillDown ? (
        <Text size="sm" c="yellow.5" role="status">
          The servers are still unavailable.
        </Text>
      ) : null}
      <Button onClick={() => void tryAgain()} loading={checking}>
        Try Again
      </Button>
    </Stack>
  );
}
