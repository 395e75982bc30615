import { ActionIcon, Box, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { CHAT_MAX_LENGTH } from '../../constants';
import { errorCode, toApiError } from '../../lib/api-error';
import { useRequestIds } from '../../lib/request-id';
import { openAuthModal } from '../auth/auth-modal-store';
import { useIsSignedIn } from '../auth/use-is-signed-in';
import { notifications } from '@mantine/notifications';
import { trpcClient } from '../../trpc';
import { parseChatCommand } from '../economy/chat-commands';
import { openTipModal } from '../economy/tip-modal-store';
import { SEND_FAILED_MESSAGE, sendChatMessage } from './chat-api';
import { TOO_LONG_MESSAGE, composerState } from './chat-feed';

export const LOGIN_REQUIRED_MESSAGE = 'You must be logged in to send messages';

/** The server's error (muted, slow mode, rate limit, ...) or the spec's generic text. */
function sendErrorMessage(failure: unknown): string {
  const error = toApiError(failure);
  return error.status > 0 && error.message ? error.message : SEND_FAILED_MESSAGE;
}

/** Message input with the spec's rules: trimmed, 1-200 characters, counter red above 150, Enter sends. */
export function ChatComposer() {
  const isSignedIn = useIsSignedIn();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestIds = useRequestIds();
  const state = composerState(text);
  const canSend = isSignedIn && !sending && state.problem === null;

  async function send() {
    if (!isSignedIn) {
      openAuthModal('login');
      return;
    }
    // Refused locally: nothing to send, too long after trimming, or a command with a usage error. Said at once, even
    // while an earlier message is still on its way.
    if (state.problem === 'too-long') {
      setError(TOO_LONG_MESSAGE);
      return;
    }
    if (state.problem === 'empty') return;
    const command = parseChatCommand(state.trimmed);
    if (command?.kind === 'invalid' || command?.kind === 'unknown') {
      setError(command.message);
      return;
    }
    // One send at a time: the text stays in the box until the earlier one has its answer.
    if (sending) return;
    setSending(true);
    setError(null);
    // Cleared now, not when the answer arrives: the server publishes the message to the live feed
    // before it answers, so the line can show up while the answer is still on its way, and an
    // input still holding the sent text invites a second Enter (a duplicate). Put back on failure,
    // unless something new was typed meanwhile.
    const sent = text;
    setText('');
    try {
      if (command?.kind === 'tip') {
        try {
          const tipInput = {
            recipient: command.recipient,
            amount: command.amount,
            currency: command.currency,
            private: command.private,
          };
          // A failed send puts the text back; sending it again reuses the id, so a tip that did go through is not paid twice.
          const { tip } = await trpcClient.tips.send.mutate({
            ...tipInput,
            requestId: requestIds.for({ tip: tipInput }),
          });
          requestIds.done();
          notifications.show({
            color: 'green',
            message: `You tipped ${tip.recipientName} ${tip.amount} ${tip.currency}`,
          });
        } catch (failure) {
          // Above the 2FA threshold: the tip modal asks for the code with everything else filled in.
          if (errorCode(failure) !== 'TWO_FACTOR_REQUIRED') throw failure;
          openTipModal({
            recipient: command.recipient,
            amount: command.amount,
            currency: command.currency,
            private: command.private,
            notice: sendErrorMessage(failure),
          });
        }
      } else if (command?.kind === 'rain') {
        const rain = { amount: command.amount, currency: command.currency };
        await trpcClient.rain.contribute.mutate({ ...rain, requestId: requestIds.for({ rain }) });
        requestIds.done();
        notifications.show({
          color: 'blue',
          message: `You added ${command.amount} ${command.currency} to the rain pool`,
        });
      } else if (command?.kind === 'bet') {
        await sendChatMessage(`/bet ${command.id}`);
      } else {
        await sendChatMessage(state.trimmed);
      }
    } catch (failure) {
      setText((current) => (current === '' ? sent : current));
      setError(sendErrorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  if (!isSignedIn) {
    return (
      <Stack gap="xs">
        {/* A disabled field gets no clicks; the wrapper opens the login modal instead. */}
        <Box onClick={() => openAuthModal('login')} style={{ cursor: 'pointer' }}>
          <Textarea
            aria-label="Chat message"
            placeholder="Log in to chat"
            disabled
            autosize
            minRows={1}
            style={{ pointerEvents: 'none' }}
          />
        </Box>
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

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label="Chat message"
          placeholder="Say something… (/tip name amount, /rain amount)"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={4}
          style={{ flex: 1 }}
          error={error !== null}
          aria-describedby="chat-counter"
        />
        <ActionIcon
          size="lg"
          onClick={() => void send()}
          disabled={!canSend}
          aria-label="Send message"
          loading={sending}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        {error ? (
          <Text size="xs" c="red.5" role="alert" style={{ overflowWrap: 'anywhere' }}>
            {error}
          </Text>
        ) : (
          <span />
        )}
        <Text
          id="chat-counter"
          size="xs"
          ta="right"
          c={state.warn ? 'red.5' : 'dimmed'}
          data-warn={state.warn || undefined}
          style={{ flexShrink: 0 }}
        >
          {state.used}/{CHAT_MAX_LENGTH}
        </Text>
      </Group>
    </Stack>
  );
}
