import { ActionIcon, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { CHAT_MAX_LENGTH, CHAT_WARN_LENGTH } from '../../constants';
import { toApiError } from '../../lib/api-error';
import { openAuthModal } from '../auth/auth-modal-store';
import { useSession } from '../auth/session-store';
import { sendChatMessage } from './chat-api';

export const LOGIN_REQUIRED_MESSAGE = 'You must be logged in to send messages';

/** Message input with the spec's rules: trimmed, 1-200 characters, counter red above 150, Enter sends. */
export function ChatComposer() {
  const { isSignedIn } = useSession();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const trimmed = text.trim();
  const canSend = isSignedIn && !sending && trimmed.length > 0 && trimmed.length <= CHAT_MAX_LENGTH;

  async function send() {
    if (!isSignedIn) {
      notifications.show({ color: 'red', message: LOGIN_REQUIRED_MESSAGE });
      return;
    }
    if (!canSend) return;
    setSending(true);
    try {
      await sendChatMessage(trimmed);
      setText('');
    } catch (error) {
      notifications.show({ color: 'red', title: 'Failed to send message', message: toApiError(error).message });
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  }

  if (!isSignedIn) {
    return (
      <Stack gap="xs">
        <Textarea aria-label="Chat message" placeholder="Log in to chat" disabled autosize minRows={1} />
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed">
            {LOGIN_REQUIRED_MESSAGE}
          </Text>
          <Button size="compact-xs" variant="light" style={{ flexShrink: 0 }} onClick={() => openAuthModal('login')}>
            Log in
          </Button>
        </Group>
      </Stack>
    );
  }

  const length = text.length;
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label="Chat message"
          placeholder="Say something…"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT_MAX_LENGTH}
          autosize
          minRows={1}
          maxRows={4}
          style={{ flex: 1 }}
        />
        <ActionIcon size="lg" onClick={() => void send()} disabled={!canSend} aria-label="Send message" loading={sending}>
          <IconSend size={18} />
        </ActionIcon>
      </Group>
      <Text size="xs" ta="right" c={length > CHAT_WARN_LENGTH ? 'red.5' : 'dimmed'} aria-live="polite">
        {length}/{CHAT_MAX_LENGTH}
      </Text>
    </Stack>
  );
}
