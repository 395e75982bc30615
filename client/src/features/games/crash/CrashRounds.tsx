import { crashPointFromHmac, formatHundredths } from '../../../../../server/src/domain/games/crash/rules';
import { trpc } from '../../../trpc';
import { RoundDetails, type RoundChain as Chain } from '../../rounds/RoundDetails';
import { RoundHistory } from '../../rounds/RoundHistory';

/** The strip of recent crash points; each opens the round's details and the verifier. */
export function CrashRounds({ chain }: { chain: Chain | null }) {
  const recent = trpc.crash.rounds.useQuery({ limit: 20 }, { staleTime: 0 });
  const rounds = recent.data?.rounds ?? [];
  return (
    <RoundHistory
      rounds={rounds}
      label="Recent crash points"
      testId="crash-history"
      noun="round"
      emptyText="No rounds played yet."
      badge={(round) =>
        round.state === 'cancelled'
          ? { text: 'void', color: 'gray' }
          : { text: `${round.crashPoint}x`, color: Number(round.crashPoint) >= 2 ? 'teal' : 'red' }
      }
      details={(shown) => (
        <RoundDetails
          game="crash"
          round={shown}
          chain={chain}
          previous={rounds.find((r) => r.number === shown.number - 1)}
          summary={`Crashed at ${shown.crashPoint}x`}
          betResult={(bet) => (bet.cashedOutAt ? `${bet.cashedOutAt}x` : bet.state)}
          recompute={(value) => `Crash point recomputed: ${formatHundredths(crashPointFromHmac(value))}x`}
        />
      )}
    />
  );
}
