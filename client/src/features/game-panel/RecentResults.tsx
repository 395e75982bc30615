import { Badge, Group } from '@mantine/core';
import type { BetView } from './bet-types';
import { openBetDetails } from './overlay-store';

/** The player's last results on this page, newest first; each opens its bet details. */
/** `color` replaces the won/lost colouring when the result itself has a colour (roulette's pockets). */
export function RecentResults({
  bets,
  label,
  color,
}: {
  bets: BetView[];
  label: (bet: BetView) => string;
  color?: (bet: BetView) => string;
}) {
  if (bets.length === 0) return null;
  return (
    <Group
      gap={6}
      wrap="nowrap"
      style={{ overflow: 'hidden' }}
      aria-label="Your recent results"
      data-testid="recent-results"
    >
      {bets.slice(0, 8).map((bet) => (
        <Badge
          key={bet.id}
          component="button"
          type="button"
          onClick={() => openBetDetails(bet)}
          color={color ? color(bet) : bet.state === 'won' ? 'teal' : 'gray'}
          variant={color || bet.state === 'won' ? 'filled' : 'light'}
          style={{ cursor: 'pointer', flexShrink: 0 }}
          aria-label={`Bet ${bet.id} details`}
        >
          {label(bet)}
        </Badge>
      ))}
    </Group>
  );
}

export function pushRecent(list: BetView[], bet: BetView): BetView[] {
  return [bet, ...list.filter((b) => b.id !== bet.id)].slice(0, 20);
}
