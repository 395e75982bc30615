import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';

/**
 * Shown after registration. The spec: resend here only shows a local notification and makes
 * no call (the /resend-verification page is the one that sends).
 */
export function EmailVerificationRequired({ email, onGoToLogin }: { email?: string; onGoToLogin: () => void }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconMail size={30} />
      </ThemeIcon>
      <Title order={2} size="h3">
        Email Verification Required
      </Title>
      <Text size="sm" c="dimmed" maw={360}>
        We sent a verification link to {email ? <strong>{email}</strong> : 'your e-mail address'}. Open it to activate
        your account.
      </Text>
      <Button
        variant="default"
        onClick={() =>
          notifications.show({ color: 'blue', message: 'Verification email sent. Please check your inbox.' })
        }
      >
        Resend verification email
      </Button>
      <Button onClick={onGoToLogin}>GO TO LOGIN</Button>
    </Stack>
  );
}
