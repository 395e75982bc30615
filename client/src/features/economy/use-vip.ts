import { useSession } from '../auth/session-store';
import { trpc } from '../../trpc';
import { HEADER_PLACEHOLDERS } from '../../constants';

/** The signed-in player's rank and XP (vip.status); the realtime socket refreshes it on vip-update. */
export function useVipStatus() {
  const { isSignedIn } = useSession();
  return trpc.vip.status.useQuery(undefined, { enabled: isSignedIn, staleTime: 30_000 });
}

/** What the header and the dropdown show: the real rank and XP once loaded, the spec's placeholders before. */
export function useRankProgress() {
  const status = useVipStatus().data;
  if (!status) {
    return {
      rank: HEADER_PLACEHOLDERS.rank,
      color: undefined,
      xp: '0',
      target: null as string | null,
      percent: 0,
      nextLabel: null as string | null,
      loaded: false,
    };
  }
  return {
    rank: status.rankLabel,
    color: status.color,
    xp: status.xp,
    target: status.nextRankXp,
    percent: status.percent,
    nextLabel: status.nextRankLabel,
    loaded: true,
  };
}

/** Whole XP with thousands separators. */
export function formatXp(xp: string): string {
  return /^\d+$/.test(xp) ? BigInt(xp).toLocaleString('en-US') : xp;
}
