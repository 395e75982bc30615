import { Button, Code, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ErrorFallbackProps {
  title: string;
  error: unknown;
  children?: ReactNode;
  actions: ReactNode;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error occurred';
}

/** The shared look of both error screens: icon, title, the error's message and the actions. */
export function ErrorFallback({ title, error, children, actions }: ErrorFallbackProps) {
  return (
    <Stack align="center" ta="center" gap="sm" py={48} px="md" role="alert">
      <ThemeIcon size={64} radius="xl" color="red" variant="light" aria-hidden>
        <IconAlertTriangle size={34} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Code block maw={560} style={{ whiteSpace: 'pre-wrap' }}>
        {errorMessage(error)}
      </Code>
      {children}
      <Group justify="center">{actions}</Group>
    </Stack>
  );
}

export function ReloadButton() {
  return (
    <Button variant="default" onClick={() => window.location.reload()}>
      Reload Page
    </Button>
  );
}
