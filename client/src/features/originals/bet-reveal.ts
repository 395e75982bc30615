/**
 * Results wait for the animation: an animated game's answer (balance, pill, result line) is shown when its
 * animation ends, not when the server answers. The header balance is held from the moment the bet is sent
 * (wallet/balance-hold): the socket's balance update can arrive before the answer itself. Leaving the page
 * shows whatever is still pending at once, so the header never stays behind.
 */
import { useCallback, useEffect, useRef } from 'react';
import { holdBalance } from '../wallet/balance-hold';
import { applySettledBalance, runBet } from './bet-session';
import type { Currency } from './bet-types';

interface SettledAnswer {
  bet: { currency: string };
  balance: string;
}

/** What the game does with an answer: start its animation, and say how long it runs and what to show after. */
export type OnAnswer<T> = (answer: T) => { delayMs: number; show: () => void };

/** play(currency, call, onAnswer): places the bet; null when it failed (already reported, nothing held). */
export function useRevealedBet(): <T extends SettledAnswer>(currency: Currency, call: () => Promise<T>, onAnswer: OnAnswer<T>) => Promise<T | null> {
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
  return useCallback(async <T extends SettledAnswer>(currency: Currency, call: () => Promise<T>, onAnswer: OnAnswer<T>) => {
    const release = holdBalance(currency);
    const answer = await runBet(call, { revealLater: true });
    if (!answer) {
      release();
      return null;
    }
    const { delayMs, show } = onAnswer(answer);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(timer);
      pending.current.delete(finish);
      applySettledBalance(currency, answer.balance);
      show();
      release();
    };
    // Instant, or the page was left while the bet was on the wire: show it now.
    if (delayMs <= 0 || !alive.current) finish();
    else {
      pending.current.add(finish);
      timer = setTimeout(finish, delayMs);
    }
    return answer;
  }, []);
}
