import { useEffect, useRef } from 'react';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';

/**
 * The session user's balances change live (balance-update over the socket); when they do, the
 * wallet's own lists and figures are stale too.
 */
export function useWalletRefreshOnBalanceChange(): void {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const key = `${String(user?.balance ?? '')}|${String(user?.bzuBalance ?? '')}`;
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    void utils.wallet.balances.invalidate();
    void utils.wallet.transactions.invalidate();
    void utils.wallet.deposits.invalidate();
    void utils.wallet.withdrawals.invalidate();
  }, [key, utils]);
}
