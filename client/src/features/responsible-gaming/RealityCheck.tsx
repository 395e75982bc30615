import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatClock } from '../../lib/datetime';
import { formatSignedAmount, formatAmount } from '../../lib/money';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';
import { pausePlay, resumePlay } from './play-gate';

const MINUTE_MS = 60_000;
const CHECK_EVERY_MS = 2_000;
const answeredKey = (sessionStartedAt: string) => `reality-check:${sessionStartedAt}`;

function lastAnswered(sessionStartedAt: string): number | null {
  const stored = Number(globalThis.sessionStorage?.getItem(answeredKey(sessionStartedAt)));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** "1 h 05 min" for a span of play. */
export function formatElapsed(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
}

/**
 * Every N minutes of the session (account.realityCheck: the player's interval or the default; 0 = off) a modal says
 * how long the session has run, what was staked and the net result. Play pauses (the play gate) until an answer.
 */
export function RealityCheckHost() {
  const { isSignedIn } = useSession();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const check = trpc.account.realityCheck.useQuery(undefined, { enabled: isSignedIn, staleTime: Infinity });
  const answer = trpc.account.answerRealityCheck.useMutation();
  const [shownAt, setShownAt] = useState<number | null>(null);
  const settings = check.data;
  const intervalMs = (settings?.intervalMinutes ?? 0) * MINUTE_MS;
  const startedAt = settings ? Date.parse(settings.sessionStartedAt) : null;

  useEffect(() => {
    if (!settings || startedAt === null || intervalMs === 0 || shownAt !== null) return;
    const dueAt = (lastAnswered(settings.sessionStartedAt) ?? startedAt) + intervalMs;
    // Checked against the wall clock every few seconds rather than one long timer: a computer that slept, or a
    // clock that moved, still gets its check on time.
    const check = () => {
      if (Date.now() < dueAt) return;
      pausePlay();
      setShownAt(Date.now());
      void utils.account.realityCheck.invalidate();
    };
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [settings, startedAt, intervalMs, shownAt, utils]);

  if (!isSignedIn || shownAt === null || !settings || startedAt === null) return null;
  const elapsed = shownAt - startedAt;
  function close(keepPlaying: boolean) {
    globalThis.sessionStorage?.setItem(answeredKey(settings!.sessionStartedAt), String(Date.now()));
    answer.mutate({ answer: keepPlaying ? 'continue' : 'stop', elapsedMinutes: Math.floor(elapsed / MINUTE_MS) });
    setShownAt(null);
    resumePlay(keepPlaying);
    if (!keepPlaying) void navigate({ to: '/casino/my-bets' });
  }
  const lines = (['USD', 'BZU'] as const).filter((currency) => settings.staked[currency] !== '0' || currency === 'USD');
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Reality check"
      centered
      data-testid="reality-check"
    >
      <Stack gap="sm">
        <Text size="sm">
          You have been playing for <strong>{formatElapsed(elapsed)}</strong>, since {formatClock(startedAt)}.
        </Text>
        {lines.map((currency) => (
          <Text key={currency} size="sm" data-testid={`reality-check-${currency}`}>
            Staked {formatAmount(settings.staked[currency], currency)} {currency}, net result{' '}
            {formatSignedAmount(settings.net[currency], currency)} {currency}.
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          Play is paused until you choose. You can change how often this appears on your account&apos;s Self-exclusion
          page.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close(false)}>
            Stop and see my history
          </Button>
          <Button onClick={() => close(true)}>Keep playing</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The header's session clock: how long the sign-in session has run. */
export function SessionClock() {
  const check = trpc.account.realityCheck.useQuery(undefined, { staleTime: Infinity });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!check.data) return null;
  return (
    <Group gap={4} wrap="nowrap" c="dimmed" data-testid="session-clock" title="Time since you signed in">
      <IconClock size={14} aria-hidden />
      <Text size="xs" ff="monospace">
        {formatElapsed(now - Date.parse(check.data.sessionStartedAt))}
      </Text>
    </Group>
  );
}
