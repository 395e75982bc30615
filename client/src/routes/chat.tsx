import { Paper } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { ChatPanel } from '../features/chat/ChatPanel';

export const Route = createFileRoute('/chat')({
  head: pageHead('Trollbox'),
  component: ChatRoute,
});

function ChatRoute() {
  return (
    <Paper withBorder radius="lg" h="calc(100dvh - 220px)" mih={420} style={{ overflow: 'hidden' }}>
      <ChatPanel headingOrder={1} />
    </Paper>
  );
}
