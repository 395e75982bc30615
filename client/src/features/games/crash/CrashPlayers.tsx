import { RoundPlayersTable } from '../../rounds/RoundPlayersTable';
import type { CrashRound } from './use-crash-round';

/**
 * This round's players: stake, auto cash-out, and where each cashed out (or lost) as it happens. An auto cash-out the
 * running curve has passed is a sure win (the round has not crashed yet), shown at once; the bust settles it.
 */
export function CrashPlayers({ round, hundredths }: { round: CrashRound | null; hundredths: number | null }) {
  const passed = (auto: string | undefined) =>
    auto !== undefined && hundredths !== null && Math.round(Number(auto) * 100) <= hundredths;
  return (
    <RoundPlayersTable
      testId="crash-players"
      round={round}
      after={{ header: 'Auto', right: true, cell: (bet) => (bet.autoCashout ? `${bet.autoCashout}x` : '-') }}
      result={{
        header: 'Cashed out',
        testId: 'crash-cashed-out',
        win: (bet) =>
          bet.cashedOutAt || (bet.state === 'open' && passed(bet.autoCashout))
            ? `${bet.cashedOutAt ?? bet.autoCashout}x`
            : null,
      }}
    />
  );
}
