/**
 * What every bet answer does to the page: the balance the server returned becomes the header's balance (at once,
 * or when an animated game's animation ends), and a failure becomes a readable notification (or the sign-in modal).
 */
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef } from 'react';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../../constants';
import { errorCode, toApiError } from '../../lib/api-error';
import { openAuthModal } from '../auth/auth-modal-store';
import { getSession, replaceUser } from '../auth/session-store';
import type { BetView, Currency } from './bet-types';
import { recordShownBet } from './session-stats';
import { playSound, soundForBet } from './sounds';
import { holdBalance } from '../../lib/balance-hold';
import { inNextFrame } from '../../lib/next-frame';
import { isInstantBets } from './instant-bets';
import { formatDateTime } from '../../lib/datetime';

/** The server's settled balance is the truth; the socket's balance-update repeats the same value later. */
export function applySettledBalance(currency: Currency, balance: string): void {
  const { user } = getSession();
  if (!user) return;
  replaceUser({ ...user, [currency === 'BZU' ? 'bzuBalance' : 'balance']: balance });
}

/** A bet's result reached the screen: it counts in the session's live stats and makes its sound. */
function betShown(bet: BetView): void {
  recordShownBet(bet);
  const sound = soundForBet(bet);
  if (sound) playSound(sound);
}

const FRIENDLY: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'Insufficient funds: lower the bet or deposit first.',
  SELF_EXCLUDED: 'Your account is self-excluded from playing right now.',
  TOO_MANY_REQUESTS: 'Too many bets at once: slow down a little.',
};

const LIMIT_PERIOD: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** A refused stake's limit, what is left and when it resets, from the refusal's details. */
function playLimitMessage(api: { details?: unknown }): string | null {
  const data = api.details as {
    details?: { kind: string; period: string; limit: string; left: string; resetsAt: string };
  };
  const limit = data?.details;
  if (!limit?.resetsAt) return null;
  return `Your ${LIMIT_PERIOD[limit.period] ?? limit.period} ${limit.kind} limit of ${limit.limit} USD is reached: ${limit.left} USD left until ${formatDateTime(limit.resetsAt)}.`;
}

/** A refused stake after the session's end: when the next session can start. */
function sessionLimitMessage(api: { details?: unknown }): string | null {
  const next = (api.details as { details?: { nextSessionFrom?: string } })?.details?.nextSessionFrom;
  return next ? `Your session time limit is reached: the next session can start at ${formatDateTime(next)}.` : null;
}

/** A readable sentence for a failed bet; the server's own message for everything it explains itself. */
export function betErrorMessage(error: unknown): string {
  const code = errorCode(error);
  const api = toApiError(error);
  if (code === 'MAX_PROFIT') return `Max profit exceeded: ${api.message}`;
  if (code === 'PLAY_LIMIT_REACHED') return playLimitMessage(api) ?? api.message;
  if (code === 'SESSION_TIME_LIMIT') return sessionLimitMessage(api) ?? api.message;
  if (code && FRIENDLY[code]) return FRIENDLY[code];
  return api.message;
}

/** Shows a failed bet; a missing session opens the sign-in modal instead. Returns true when it was a 401. */
export function reportBetError(error: unknown): boolean {
  const api = toApiError(error);
  if (api.status === 401 || !getSession().isSignedIn) {
    openAuthModal('login');
    return true;
  }
  notifications.show({
    color: 'red',
    title: 'Bet not placed',
    message: betErrorMessage(error),
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
  });
  return false;
}

/** A fresh idempotency key per attempt: a retried request settles once. */
export function newClientBetId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Runs one bet call: the returned balance goes to the header at once (unless the game reveals it after its
 * animation, bet-reveal); failures are reported and give null.
 */
export async function runBet<T extends SettledAnswer>(
  call: () => Promise<T>,
  options: { revealLater?: boolean } = {},
): Promise<T | null> {
  try {
    const result = await call();
    if (!options.revealLater) {
      applySettledBalance(result.bet.currency === 'BZU' ? 'BZU' : 'USD', result.balance);
      betShown(result.bet);
    }
    return result;
  } catch (error) {
    reportBetError(error);
    return null;
  }
}

/*
 * Results wait for the animation: an animated game's answer (balance, pill, result line) is shown when its
 * animation ends, not when the server answers. The header balance is held from the moment the bet is sent
 * (wallet/balance-hold): the socket's balance update can arrive before the answer itself. Leaving the page
 * shows whatever is still pending at once, so the header never stays behind.
 */
export interface SettledAnswer {
  bet: BetView;
  balance: string;
}

/** What the game does with an answer: start its animation, and say how long it runs and what to show after. */
export type OnAnswer<T> = (answer: T) => { delayMs: number; show: () => void };

/** play(currency, call, onAnswer): places the bet; null when it failed (already reported, nothing held). */
export function useRevealedBet(): <T extends SettledAnswer>(
  currency: Currency,
  call: () => Promise<T>,
  onAnswer: OnAnswer<T>,
) => Promise<T | null> {
  const pending = useRef(new Set<() => void>());
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    const waiting = pending.current;
    return () => {
      alive.current = false;
      for (const finish of [...waiting]) finish();
    };
  }, []);
  /** Starts the game's animation and shows the answer when it ends (at once when it has none, or the page is gone). */
  const reveal = useCallback(
    <T extends SettledAnswer>(answer: T, onAnswer: OnAnswer<T>, currency: Currency, release: () => void) => {
      const { delayMs, show } = onAnswer(answer);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = () => {
        clearTimeout(timer);
        pending.current.delete(finish);
        applySettledBalance(currency, answer.balance);
        show();
        betShown(answer.bet);
        release();
      };
      if (delayMs <= 0 || !alive.current) finish();
      else {
        pending.current.add(finish);
        timer = setTimeout(finish, delayMs);
      }
    },
    [],
  );
  return useCallback(
    async <T extends SettledAnswer>(currency: Currency, call: () => Promise<T>, onAnswer: OnAnswer<T>) => {
      const release = holdBalance(currency);
      const answer = await runBet(call, { revealLater: true });
      if (!answer) {
        release();
        return null;
      }
      // Instant bets (a turbo autobet): the answer is drawn with the others of its frame, one render for them all;
      // the caller has it at once and may send the next bet meanwhile.
      if (isInstantBets() && alive.current) {
        inNextFrame(() => reveal(answer, onAnswer, currency, release));
        return answer;
      }
      reveal(answer, onAnswer, currency, release);
      return answer;
    },
    [reveal],
  );
}

/**
 * Wraps a game's onAnswer so its placeBet can wait until the result is on screen: dice and limbo show one result
 * at a time, so an autobet's next bet starts after the last animation, never over it. Instant bets have no
 * animation to wait for: `shown` is resolved from the start, and the next bet goes while this one is drawn.
 */
export function untilShown<T>(onAnswer: OnAnswer<T>): { onAnswer: OnAnswer<T>; shown: Promise<void> } {
  let resolve: () => void = () => undefined;
  const shown = new Promise<void>((done) => (resolve = done));
  if (isInstantBets()) resolve();
  return {
    shown,
    onAnswer: (answer) => {
      const { delayMs, show } = onAnswer(answer);
      return {
        delayMs,
        show: () => {
          show();
          resolve();
        },
      };
    },
  };
}
