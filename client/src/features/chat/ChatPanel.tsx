import { ActionIcon, Badge, Box, Group, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBook2, IconMessages, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { displayName, useSession } from '../auth/session-store';
import { ChatComposer } from './ChatComposer';
import { ChatRulesModal } from './ChatRulesModal';
import { useChatFeed, type ChatMessage } from './chat-api';
import classes from './ChatPanel.module.css';

function MessageLine({ message, ownName }: { message: ChatMessage; ownName: string | null }) {
  const isOwn = ownName !== null && message.username === ownName;
  return (
    <Box component="li" className={classes.message}>
      <Text span fw={700} size="sm" c={message.userColor === 'gold' ? 'yellow.5' : undefined}>
        {isOwn ? 'You:' : `${message.username}:`}
      </Text>{' '}
      {message.isAdmin ? <Badge size="xs" color="red">ADMIN</Badge> : message.isModerator ? <Badge size="xs" color="blue">MOD</Badge> : null}{' '}
      <Text span size="sm">
        {message.message}
      </Text>
    </Box>
  );
}

function FeedBody() {
  const feed = useChatFeed();
  const { user, isSignedIn } = useSession();
  if (feed.status === 'error') return <Text c="red.5" size="sm" p="md">Failed to load chat messages</Text>;
  if (feed.messages.length === 0) {
    return (
      <Stack align="center" justify="center" gap="xs" p="lg" h="100%" ta="center">
        <IconMessages size={36} stroke={1.4} aria-hidden />
        <Text fw={600}>No messages yet</Text>
        <Text size="sm" c="dimmed">
          {feed.status === 'unavailable' ? 'The Trollbox opens soon.' : 'Be the first to say hello.'}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack component="ul" gap={6} p="sm" m={0} className={classes.list} aria-live="polite">
      {feed.messages.map((message) => (
        <MessageLine key={message.id} message={message} ownName={isSignedIn ? displayName(user) : null} />
      ))}
    </Stack>
  );
}

/** The Trollbox: the desktop's right-hand panel and the /chat page on mobile. */
export function ChatPanel({ onClose, headingOrder = 2 }: { onClose?: () => void; headingOrder?: 1 | 2 }) {
  const [rulesOpen, setRulesOpen] = useState(false);
  return (
    <Stack gap={0} h="100%" className={classes.panel} component="section" aria-labelledby="trollbox-title">
      <Group justify="space-between" px="md" py="sm" className={classes.header} wrap="nowrap">
        <Title order={headingOrder} size="h5" id="trollbox-title">
          Trollbox
        </Title>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Chat rules">
            <ActionIcon variant="subtle" color="gray" onClick={() => setRulesOpen(true)} aria-label="Chat rules">
              <IconBook2 size={18} />
            </ActionIcon>
          </Tooltip>
          {onClose ? (
            <Tooltip label="Close chat">
              <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="Close chat">
                <IconX size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <FeedBody />
      </ScrollArea>
      <Box p="sm" className={classes.footer}>
        <ChatComposer />
      </Box>
      <ChatRulesModal opened={rulesOpen} onClose={() => setRulesOpen(false)} />
    </Stack>
  );
}
