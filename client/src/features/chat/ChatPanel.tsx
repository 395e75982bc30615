import { BET_CARD_MESSAGE } from '../economy/chat-commands';
import { BetCard } from '../bets/BetCard';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Menu,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowDown,
  IconBook2,
  IconCloudRain,
  IconCoin,
  IconDotsVertical,
  IconEyeOff,
  IconMessages,
  IconTrash,
  IconUser,
  IconVolumeOff,
  IconX,
} from '@tabler/icons-react';
import { openTipModal } from '../economy/tip-modal-store';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { displayName, useSessionIdentity, type SessionUser } from '../auth/session-store';
import { ChatAnnouncements } from './ChatAnnouncements';
import { ChatComposer } from './ChatComposer';
import { ChatModerationModal, type ModerationAction } from './ChatModerationModal';
import { ChatProfileModal } from './ChatProfileModal';
import { ignorePlayer, unignoreAll, useIgnoredPlayers } from './chat-ignore';
import { formatClock, formatDateTime } from '../../lib/datetime';
import { ChatRulesModal } from './ChatRulesModal';
import { LOAD_FAILED_MESSAGE, useChatFeed, type ChatMessage } from './chat-api';
import { isNearBottom, isOwnMessage, isStaff, nameColor, scrollDecision } from './chat-feed';
import classes from './ChatPanel.module.css';

interface LineProps {
  message: ChatMessage;
  own: boolean;
  canModerate: boolean;
  onModerate: (action: ModerationAction) => void;
  onProfile: (player: { userId: number; name: string }) => void;
}

/** A line the platform wrote: a tip ("Ann tipped Bob 5 USD") or a rain (split and recipients). */
function SystemLine({ message }: { message: ChatMessage }) {
  const rain = message.kind === 'rain';
  const Icon = rain ? IconCloudRain : IconCoin;
  return (
    <Box
      component="li"
      className={classes.message}
      data-message-id={message.id}
      data-kind={message.kind}
      style={{ background: 'var(--mantine-color-dark-6)', borderRadius: 6, padding: '4px 6px' }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Icon
          size={16}
          color={rain ? 'var(--mantine-color-blue-4)' : 'var(--mantine-color-yellow-5)'}
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Text size="sm" fs="italic" className={classes.text}>
          {message.userId ? (
            <Text span fw={700} style={{ color: nameColor(message.userColor) }}>
              {message.username}{' '}
            </Text>
          ) : null}
          {message.message}
        </Text>
      </Group>
    </Box>
  );
}

interface SenderNameProps {
  message: ChatMessage;
  own: boolean;
  signedIn: boolean;
  canModerate: boolean;
  onModerate: (action: ModerationAction) => void;
  onProfile: (player: { userId: number; name: string }) => void;
}

/**
 * The sender's name; for other players a menu: the public profile, and when signed in a tip and "Ignore" (hidden in
 * this browser), and for staff a mute.
 */
function SenderName({ message, own, signedIn, canModerate, onModerate, onProfile }: SenderNameProps) {
  const name = (
    <Text span fw={700} size="sm" className={classes.name} style={{ color: nameColor(message.userColor) }}>
      {own ? 'You:' : `${message.username}:`}
    </Text>
  );
  if (own) return name;
  const staffSender = message.isAdmin || message.isModerator;
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Actions for ${message.username}`} style={{ display: 'inline' }}>
          {name}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconUser size={14} />}
          onClick={() => onProfile({ userId: message.userId, name: message.username })}
        >
          Profile
        </Menu.Item>
        {signedIn ? (
          <>
            <Menu.Item
              leftSection={<IconCoin size={14} />}
              onClick={() => openTipModal({ recipient: message.username })}
            >
              Tip {message.username}
            </Menu.Item>
            <Menu.Item leftSection={<IconEyeOff size={14} />} onClick={() => ignorePlayer(message.userId)}>
              Ignore {message.username}
            </Menu.Item>
          </>
        ) : null}
        {canModerate && !staffSender ? (
          <Menu.Item leftSection={<IconVolumeOff size={14} />} onClick={() => onModerate({ kind: 'mute', message })}>
            Mute {message.username}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The server's label of the lowest rank: a new player has no rank to show yet. */
const NO_RANK = 'Unranked';

/** The rank's badge in its colour, from Bronze up (staff wear MOD/ADMIN instead). */
function RankBadge({ message }: { message: ChatMessage }) {
  if (message.rank === NO_RANK) return null;
  return (
    <Badge
      size="xs"
      variant="outline"
      className={classes.badge}
      style={{ color: nameColor(message.userColor), borderColor: 'currentColor' }}
      data-testid="chat-rank"
    >
      {message.rank}
    </Badge>
  );
}

function MessageLine({
  message,
  own,
  canModerate,
  onModerate,
  onProfile,
  signedIn,
}: LineProps & { signedIn: boolean }) {
  const staffSender = message.isAdmin || message.isModerator;
  if (message.kind === 'tip' || message.kind === 'rain') return <SystemLine message={message} />;
  return (
    <Box component="li" className={classes.message} data-message-id={message.id}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }}>
          {message.isAdmin ? (
            <Badge size="xs" color="red" variant="filled" className={classes.badge}>
              ADMIN
            </Badge>
          ) : message.isModerator ? (
            <Badge size="xs" color="blue" variant="filled" className={classes.badge}>
              MOD
            </Badge>
          ) : (
            <RankBadge message={message} />
          )}
          <SenderName
            message={message}
            own={own}
            signedIn={signedIn}
            canModerate={canModerate}
            onModerate={onModerate}
            onProfile={onProfile}
          />{' '}
          {BET_CARD_MESSAGE.test(message.message) ? (
            <BetCard id={BET_CARD_MESSAGE.exec(message.message)![1]!} />
          ) : (
            <Text span size="sm" className={classes.text}>
              {message.message}
            </Text>
          )}
        </Box>
        {/* Shown on hover (and focus): the time it was sent, the full date in the title. */}
        <time className={classes.time} dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
          {formatClock(message.createdAt)}
        </time>
        {canModerate ? (
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Moderate message from ${message.username}`}
                className={classes.moderate}
              >
                <IconDotsVertical size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onModerate({ kind: 'delete', message })}
              >
                Delete message
              </Menu.Item>
              {staffSender || own ? null : (
                <Menu.Item
                  leftSection={<IconVolumeOff size={14} />}
                  onClick={() => onModerate({ kind: 'mute', message })}
                >
                  Mute {message.username}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Box>
  );
}

function EmptyRoom() {
  return (
    <Stack align="center" justify="center" gap="xs" p="lg" h="100%" ta="center">
      <IconMessages size={36} stroke={1.4} aria-hidden />
      <Text fw={600}>No messages yet</Text>
      <Text size="sm" c="dimmed">
        Be the first to say hello.
      </Text>
    </Stack>
  );
}

function Feed({ active, user, isSignedIn }: { active: boolean; user: SessionUser | null; isSignedIn: boolean }) {
  const feed = useChatFeed(active);
  const viewport = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const shownNewest = useRef<number | undefined>(undefined);
  const [unseen, setUnseen] = useState(false);
  const [moderation, setModeration] = useState<ModerationAction | null>(null);
  const [profile, setProfile] = useState<{ userId: number; name: string } | null>(null);
  const ignored = useIgnoredPlayers();
  const ownName = isSignedIn ? displayName(user) : null;
  const signedInUser = isSignedIn ? user : null;
  const canModerate = isSignedIn && isStaff(user);
  const newest = feed.messages.at(-1);

  const scrollToBottom = useCallback(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
    following.current = true;
    setUnseen(false);
  }, []);

  // Follow new messages unless the reader scrolled up; then offer a jump instead.
  useLayoutEffect(() => {
    const newestChanged =
      newest?.id !== shownNewest.current &&
      newest !== undefined &&
      (shownNewest.current === undefined || newest.id > shownNewest.current);
    shownNewest.current = newest?.id;
    const decision = scrollDecision({
      following: following.current,
      newestChanged,
      newestIsOwn: newest !== undefined && isOwnMessage(newest, signedInUser, ownName),
    });
    if (decision === 'follow') scrollToBottom();
    else if (decision === 'notify') setUnseen(true);
  }, [newest, signedInUser, ownName, scrollToBottom]);

  // Announcements arriving or the window resizing shrink the viewport: keep a follower at the bottom.
  useEffect(() => {
    const element = viewport.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A hidden panel has no size; on showing it again, put a follower back at the bottom.
  useLayoutEffect(() => {
    if (active && following.current) scrollToBottom();
  }, [active, scrollToBottom]);

  function onScroll() {
    const element = viewport.current;
    if (!element || element.clientHeight === 0) return;
    following.current = isNearBottom(element);
    if (following.current) setUnseen(false);
  }

  let body;
  if (feed.status === 'loading') {
    body = (
      <Stack align="center" p="lg">
        <Loader size="sm" role="status" aria-label="Loading chat messages" />
      </Stack>
    );
  } else if (feed.status === 'error') {
    body = (
      <Text c="red.5" size="sm" p="md" role="alert">
        {LOAD_FAILED_MESSAGE}
      </Text>
    );
  } else if (feed.messages.length === 0) {
    body = <EmptyRoom />;
  } else {
    body = (
      <Stack
        component="ul"
        gap={6}
        p="sm"
        m={0}
        className={classes.list}
        aria-label="Chat messages"
        aria-live="polite"
        aria-relevant="additions"
      >
        {feed.messages
          .filter((message) => !ignored.has(message.userId))
          .map((message) => (
            <MessageLine
              key={message.id}
              message={message}
              own={isOwnMessage(message, signedInUser, ownName)}
              canModerate={canModerate}
              onModerate={setModeration}
              onProfile={setProfile}
              signedIn={isSignedIn}
            />
          ))}
      </Stack>
    );
  }

  return (
    <Box className={classes.feed} data-feed-status={feed.status} data-live={feed.live || undefined}>
      <ChatAnnouncements active={active} />
      {feed.status === 'ready' && feed.failed ? (
        <Text c="red.5" size="xs" px="sm" pt={6} role="alert">
          {LOAD_FAILED_MESSAGE}
        </Text>
      ) : null}
      {isSignedIn && ignored.size > 0 ? (
        <Group justify="space-between" px="sm" pt={6} gap="xs" wrap="nowrap" data-testid="chat-ignoring">
          <Text size="xs" c="dimmed">
            Ignoring {ignored.size === 1 ? '1 player' : `${ignored.size} players`}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={unignoreAll}>
            Show all
          </Button>
        </Group>
      ) : null}
      <ScrollArea className={classes.scroll} type="auto" viewportRef={viewport} onScrollPositionChange={onScroll}>
        {body}
      </ScrollArea>
      {unseen ? (
        <Button
          size="compact-xs"
          radius="xl"
          className={classes.jump}
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={scrollToBottom}
        >
          New messages
        </Button>
      ) : null}
      <ChatModerationModal action={moderation} onClose={() => setModeration(null)} />
      <ChatProfileModal player={profile} onClose={() => setProfile(null)} />
    </Box>
  );
}

/**
 * The Trollbox: the desktop's right-hand panel and the /chat page on mobile. `active` is false
 * while the panel is hidden: no subscription, no polling.
 */
export function ChatPanel({
  onClose,
  headingOrder = 2,
  active = true,
}: {
  onClose?: () => void;
  headingOrder?: 1 | 2;
  active?: boolean;
}) {
  const [rulesOpen, setRulesOpen] = useState(false);
  const { user, isSignedIn } = useSessionIdentity();
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
      <Feed active={active} user={user} isSignedIn={isSignedIn} />
      <Box p="sm" className={classes.footer}>
        <ChatComposer />
      </Box>
      <ChatRulesModal opened={rulesOpen} onClose={() => setRulesOpen(false)} />
    </Stack>
  );
}
