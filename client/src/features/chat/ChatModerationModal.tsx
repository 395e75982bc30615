import { Button, Group, Modal, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { toApiError } from '../../lib/api-error';
import { deleteChatMessage, muteChatUser, type ChatMessage } from './chat-api';

export type ModerationAction = { kind: 'delete' | 'mute'; message: ChatMessage };

const MUTE_CHOICES = [
  { value: '10', label: '10 minutes' },
  { value: '60', label: '1 hour' },
  { value: '1440', label: '24 hours' },
];

/** Confirms a moderator's delete or mute with the reason the moderation log records. */
export function ChatModerationModal({ action, onClose }: { action: ModerationAction | null; onClose: () => void }) {
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action?.kind === 'mute' ? 'Mute user' : 'Delete message'}
      centered
    >
      {/* Keyed so that every action starts with a fresh form. */}
      {action ? <ModerationForm key={`${action.kind}-${action.message.id}`} action={action} onDone={onClose} /> : null}
    </Modal>
  );
}

function ModerationForm({ action, onDone }: { action: ModerationAction; onDone: () => void }) {
  const [reason, setReason] = useState('Breaking the chat rules');
  const [minutes, setMinutes] = useState('10');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { message } = action;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError('A reason is required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (action.kind === 'delete') await deleteChatMessage(message.id, reason.trim());
      else await muteChatUser(message.userId, Number(minutes), reason.trim());
      notifications.show({
        color: 'green',
        message: action.kind === 'delete' ? 'Message deleted' : `${message.username} is muted`,
      });
      onDone();
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Text size="sm" mb="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={700}>
          {message.username}:
        </Text>{' '}
        {message.message}
      </Text>
      {action.kind === 'mute' ? (
        <Select
          label="Duration"
          data={MUTE_CHOICES}
          value={minutes}
          onChange={(value) => setMinutes(value ?? '10')}
          allowDeselect={false}
          mb="sm"
        />
      ) : null}
      <TextInput
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={200}
        required
        error={error}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" color="red" loading={busy}>
          {action.kind === 'delete' ? 'Delete' : 'Mute'}
        </Button>
      </Group>
    </form>
  );
}
