import { Stack, Text, Title } from '@mantine/core';
import {
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_LINES,
  SLOT_MAX_FREE_SPINS,
  SLOT_PAYLINES,
  SLOT_PAYS,
  SLOT_SCATTER_PAYS,
  SLOT_SYMBOL_NAMES,
  SLOT_SYMBOLS,
  SLOTS_RTP_PERCENT,
  slotUnitsText,
  type PaySymbol,
} from '../../../../../server/src/domain/games/slots/rules';
import { lineColour } from './SlotReels';
import { SymbolTile } from './SymbolTile';
import classes from './SlotsGame.module.css';

const PAY_SYMBOLS = SLOT_SYMBOLS.filter((symbol): symbol is PaySymbol => symbol !== 'S').reverse();

/** The published pay table, scatter awards, lines and rules, with pays as multiples of the stake. */
export function Paytable() {
  return (
    <Stack gap="md" data-testid="slot-paytable">
      <Title order={4}>Pay table</Title>
      <Text size="sm" c="dimmed">
        Wins on the {SLOT_LINES} lines pay left to right from the first reel, as multiples of your stake. The wild
        stands in for every symbol but the scatter and pays on its own.
      </Text>
      <div className={classes.payGrid}>
        {PAY_SYMBOLS.map((symbol) => (
          <div key={symbol} className={classes.payRow} data-pay={symbol}>
            <SymbolTile symbol={symbol} className={classes.payIcon} />
            {SLOT_PAYS[symbol].map((pays, i) => (
              <Text key={i} size="xs" ta="center" style={{ whiteSpace: 'nowrap' }}>
                <Text span c="dimmed" size="xs">
                  {i + 3}×{' '}
                </Text>
                <b>{slotUnitsText(pays)}x</b>
              </Text>
            ))}
          </div>
        ))}
      </div>
      <div className={classes.payRow} style={{ gridTemplateColumns: '44px 1fr' }}>
        <SymbolTile symbol="S" className={classes.payIcon} />
        <Text size="sm">
          {Object.entries(SLOT_SCATTER_PAYS)
            .map(([count, pay]) => `${count} scatters anywhere: ${pay.pays}x and ${pay.freeSpins} free spins`)
            .join('; ')}
          . Free spins pay {SLOT_FREE_SPIN_MULTIPLIER}x and can retrigger, up to {SLOT_MAX_FREE_SPINS} per bet.
        </Text>
      </div>
      <Title order={5}>Paylines</Title>
      <div className={classes.miniLines}>
        {SLOT_PAYLINES.map((rows, i) => (
          <svg key={i} viewBox="0 0 50 36" className={classes.miniLine} role="img" aria-label={`Line ${i + 1}`}>
            {rows.map((_, reel) =>
              [0, 1, 2].map((row) => (
                <rect
                  key={`${reel}${row}`}
                  x={reel * 10 + 1}
                  y={row * 10 + 1}
                  width="8"
                  height="8"
                  rx="1.5"
                  fill={rows[reel] === row ? lineColour(i + 1) : 'var(--mantine-color-default-border)'}
                />
              )),
            )}
            <text x="25" y="35" textAnchor="middle" fontSize="6" fill="currentColor">
              {i + 1}
            </text>
          </svg>
        ))}
      </div>
      <Text size="xs" c="dimmed">
        Symbols: {SLOT_SYMBOLS.map((s) => SLOT_SYMBOL_NAMES[s]).join(', ')}. Return to player {SLOTS_RTP_PERCENT}%,
        computed exactly from the published strips (Provably fair, docs/fairness.md). A win past the profit limit pays
        the limit.
      </Text>
    </Stack>
  );
}
