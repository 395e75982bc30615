import { notifications } from '@mantine/notifications';
import { queryClient, trpcUtils } from '../../lib/api-clients';
import { coalesce } from '../../lib/coalesce';
import { trpcClient } from '../../trpc';
import { getSession, replaceUser } from '../auth/session-store';
import { mergeTokenUpdate, parseTokenUpdate, wireDecimal } from '../token/token-quote';
import { isGameResultQuery } from './query-conventions';
import type { RealtimeHandlers } from './realtime-client';
import { TOKEN_PRICE_CHANNEL } from './realtime-protocol';
import { setRealtimeStatus } from './realtime-status';
import { refreshAfterReconnect } from './reconnect-refresh';
import { addAmounts, formatAmount } from '../../lib/money';
import { whenBalanceShown } from '../../lib/balance-hold';

/** How often per-bet events may refetch: a turbo autobet settles ten or more bets a second. */
const PER_BET_REFETCH_MS = 1_000;

/** The stored user's balance field an update of this currency replaces. */
function balanceField(currency: unknown): 'balance' | 'bzuBalance' {
  return currency === 'BZU' ? 'bzuBalance' : 'balance';
}

function applyBalanceUpdate(data: unknown): void {
  if (typeof data !== 'object' || data === null) return;
  const { userId, newBalance, currency } = data as Record<string, unknown>;
  const amount = wireDecimal(newBalance);
  if (amount === null) return;
  // A game still animating its result holds the balance back (balance-hold): the update waits for it.
  whenBalanceShown(currency === 'BZU' ? 'BZU' : 'USD', () => {
    const { user } = getSession();
    if (!user || user.id === undefined || String(user.id) !== String(userId)) return;
    replaceUser({ ...user, [balanceField(currency)]: amount });
  });
}

/** After missed balance events: the profile carries both balances; the rest of the user stays. */
async function refreshBalances(): Promise<void> {
  const { user } = getSession();
  if (!user) return;
  try {
    const profile = await trpcClient.auth.me.query();
    const current = getSession().user;
    if (current && String(current.id) === String(profile.id)) {
      replaceUser({ ...current, balance: profile.balance, bzuBalance: profile.bzuBalance });
    }
  } catch {
    // The next balance event or page load brings it; a failed refresh is not worth a notice.
  }
}

function applyTokenPriceUpdate(data: unknown): void {
  const update = parseTokenUpdate(data);
  const merged = mergeTokenUpdate(trpcUtils.token.latest.getData(), update);
  if (merged) trpcUtils.token.latest.setData(undefined, merged);
  else void trpcUtils.token.latest.invalidate();
  // A new snapshot changes the newest bucket of the chart on screen (inactive ranges wait).
  void trpcUtils.token.history.invalidate(undefined, { refetchType: 'active' });
}

/** XP moved (every settled bet): the header's rank chip and the dropdown read vip.status. */
const refreshVip = coalesce(() => {
  void trpcUtils.vip.status.invalidate();
  void trpcUtils.vip.rakebackHistory.invalidate(undefined, { refetchType: 'active' });
}, PER_BET_REFETCH_MS);

function announceRankUp(data: unknown): void {
  const label = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).rankLabel : undefined;
  notifications.show({
    color: 'yellow',
    title: 'Rank up!',
    message: typeof label === 'string' ? `You reached ${label}.` : 'You reached a new rank.',
    autoClose: 8000,
  });
  refreshVip();
}

/** Prizes won per raffle, gathered for a moment: a draw pays each prize with its own event, the player gets one toast. */
const raffleWins = new Map<string, { total: string; prizes: number }>();
const RAFFLE_WIN_GATHER_MS = 600;

function showRaffleWin(raffleId: string): void {
  const win = raffleWins.get(raffleId);
  raffleWins.delete(raffleId);
  if (!win) return;
  const prizes = win.prizes === 1 ? '' : ` (${win.prizes} prizes)`;
  notifications.show({
    color: 'yellow',
    title: 'You won the raffle!',
    message: `You won $${formatAmount(win.total, 'USD')}${prizes} in raffle #${raffleId}. Replay the draw on /raffle.`,
    autoClose: 10_000,
  });
  void trpcUtils.raffle.invalidate();
}

/** A raffle prize was paid (user channel): one toast per raffle, and /raffle refetches its draw. */
function announceRaffleWin(data: unknown): void {
  const { raffleId, amount } = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if ((typeof raffleId !== 'string' && typeof raffleId !== 'number') || typeof amount !== 'string') return;
  const id = String(raffleId);
  const gathered = raffleWins.get(id);
  if (!gathered) window.setTimeout(() => showRaffleWin(id), RAFFLE_WIN_GATHER_MS);
  raffleWins.set(id, {
    total: (gathered ? addAmounts(gathered.total, amount) : amount) ?? amount,
    prizes: (gathered?.prizes ?? 0) + 1,
  });
}

/** Someone tipped this player (user channel): a toast; the balance moves by its own balance-update. */
function announceTip(data: unknown): void {
  const { senderName, amount, currency } =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (typeof senderName !== 'string' || typeof amount !== 'string' || typeof currency !== 'string') return;
  notifications.show({
    color: 'green',
    title: 'You received a tip',
    message: `${senderName} tipped you ${formatAmount(amount, currency)} ${currency}`,
    autoClose: 8000,
  });
  void trpcUtils.tips.history.invalidate(undefined, { refetchType: 'active' });
}

const refetchGameQueries = coalesce(
  () => void queryClient.invalidateQueries({ predicate: (query) => isGameResultQuery(query.queryKey) }),
  PER_BET_REFETCH_MS,
);

const refreshOnReconnect = refreshAfterReconnect(() => void refreshBalances());

/** What each event does to the page (spec section 7). */
export const realtimeHandlers: RealtimeHandlers = {
  onEvent(type, frame) {
    switch (type) {
      case 'balance-update':
        applyBalanceUpdate(frame.data);
        return;
      case 'game-result':
        refetchGameQueries();
        return;
      case 'token-price-update':
        applyTokenPriceUpdate(frame.data);
        return;
      case 'vip-update':
        refreshVip();
        return;
      case 'rank-up':
        announceRankUp(frame.data);
        return;
      case 'raffle-win':
        announceRaffleWin(frame.data);
        return;
      case 'tip-received':
        announceTip(frame.data);
        return;
      // system-announcement: the spec ignores it; chat-message is not subscribed here.
      default:
        return;
    }
  },
  onCatchUp(channel) {
    if (channel === TOKEN_PRICE_CHANNEL) {
      void trpcUtils.token.latest.invalidate();
      void trpcUtils.token.history.invalidate(undefined, { refetchType: 'active' });
    } else if (channel.startsWith('user:')) {
      void refreshBalances();
      refreshVip();
    } else if (channel.startsWith('game-results:')) refetchGameQueries();
  },
  onStatus(status) {
    refreshOnReconnect(status);
    setRealtimeStatus(status);
  },
};
