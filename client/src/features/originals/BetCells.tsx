import { Anchor, Table } from '@mantine/core';
import { formatMultiplier, gameName } from './bet-format';
import type { BetView } from './bet-types';
import { openBetDetails } from './overlay-store';
import { formatAmount } from '../../lib/money';

/** The game's name as a button that opens the bet's details; `label` names it for screen readers where rows repeat a game. */
export function BetGameCell({ bet, label }: { bet: BetView; label?: string }) {
  return (
    <Table.Td>
      <Anchor component="button" type="button" size="sm" onClick={() => openBetDetails(bet)} aria-label={label}>
        {gameName(bet.game)}
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
