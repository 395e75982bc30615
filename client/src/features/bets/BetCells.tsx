import { Anchor, Badge, Table, VisuallyHidden, type MantineSize } from '@mantine/core';
import { formatMultiplier, gameName } from './bet-format';
import type { BetView } from '../game-panel/bet-types';
import { openBetDetails } from '../game-panel/overlay-store';
import { betResultBadge } from '../game-panel/bet-state';
import { formatAmount } from '../../lib/money';

/**
 * The game's name as a button that opens the bet's details; with `withBetId` screen readers also hear "bet <id>
 * details", for tables whose rows repeat a game.
 */
export function BetGameCell({ bet, withBetId = false }: { bet: BetView; withBetId?: boolean }) {
  return (
    <Table.Td>
      {/* The visible name starts the accessible one (WCAG 2.5.3, label in name); the rest is for screen readers. */}
      {/* brand.3: the default link shade gave 4.3:1 on a card's rows, under WCAG's 4.5:1. */}
      <Anchor component="button" type="button" size="sm" c="brand.3" onClick={() => openBetDetails(bet)}>
        {gameName(bet.game)}
        {withBetId ? <VisuallyHidden> bet {bet.id} details</VisuallyHidden> : null}
      </Anchor>
    </Table.Td>
  );
}

/** The stake and the multiplier, the two columns every bet table shows the same way. */
export function BetStakeCells({ bet }: { bet: BetView }) {
  return (
    <>
      <Table.Td ta="right" ff="monospace">
        {formatAmount(bet.amount, bet.currency)} {bet.currency}
      </Table.Td>
      <Table.Td ta="right" ff="monospace">
        {formatMultiplier(bet.multiplier)}
      </Table.Td>
    </>
  );
}

/**
 * The bet's result as a badge: won, lost, a partial return, refunded or open (bet-state.ts). Light by default: white
 * on a filled red, teal or orange is under WCAG's 4.5:1 at badge size, the light shades on the dark card are not.
 */
export function BetResultBadge({
  bet,
  size,
  variant = 'light',
}: {
  bet: Pick<BetView, 'state' | 'payout'>;
  size?: MantineSize;
  variant?: 'filled' | 'light';
}) {
  const { label, color } = betResultBadge(bet);
  return (
    <Badge color={color} size={size} variant={variant} data-testid="bet-result-badge">
      {label}
    </Badge>
  );
}
