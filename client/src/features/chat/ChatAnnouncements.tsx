import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle, IconSpeakerphone, IconSwords } from '@tabler/icons-react';
import { useState } from 'react';
import { CHAT_POLL_INTERVAL_MS } from '../../constants';
import { trpc } from '../../trpc';
import { parseDismissed } from './chat-feed';
import classes from './ChatPanel.module.css';

const DISMISSED_KEY = 'bzu.chat.dismissedAnnouncements';

function readDismissed(): number[] {
  try {
    return parseDismissed(sessionStorage.getItem(DISMISSED_KEY));
  } catch {
    return [];
  }
}

const STYLES = {
  battle: { color: 'orange', icon: IconSwords, label: 'Battle' },
  primary: { color: 'grape', icon: IconSpeakerphone, label: 'Announcement' },
  info: { color: 'blue', icon: IconInfoCircle, label: 'Info' },
} as const;

/** Running announcements above the messages, polled every 3 s; dismissed ones stay hidden for the session. */
export function ChatAnnouncements({ active }: { active: boolean }) {
  const [dismissed, setDismissed] = useState<number[]>(readDismissed);
  const query = trpc.chat.announcements.useQuery(undefined, {
    enabled: active,
    refetchInterval: active ? CHAT_POLL_INTERVAL_MS : false,
    staleTime: 0,
  });
  const visible = (query.data ?? []).filter((announcement) => !dismissed.includes(announcement.id));
  if (visible.length === 0) return null;

  function dismiss(id: number) {
    const next = [...dismissed, id];
    setDismissed(next);
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Storage may be unavailable; the dismissal still holds until reload.
    }
  }

  return (
    <Stack gap={6} px="sm" pt="sm" className={classes.announcements}>
      {visible.map((announcement) => {
        const style = STYLES[announcement.type] ?? STYLES.info;
        const Icon = style.icon;
        return (
          <Alert
            key={announcement.id}
            variant={announcement.type === 'info' ? 'light' : 'filled'}
            color={style.color}
            radius="md"
            p="xs"
            icon={<Icon size={18} aria-hidden />}
            title={style.label}
            withCloseButton
            closeButtonLabel="Dismiss announcement"
            onClose={() => dismiss(announcement.id)}
            data-announcement-type={announcement.type}
            className={classes.announcement}
          >
            {announcement.message}
          </Alert>
        );
      })}
    </Stack>
  );
}
