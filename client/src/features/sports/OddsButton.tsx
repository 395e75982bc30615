import { Stack, Text, UnstyledButton } from '@mantine/core';
import { togglePick, useBetSlip } from './bet-slip-store';
import { marketLabel } from './sports-format';
import { BETTABLE, type SportsEvent, type SportsMarket, type SportsSelection } from './use-sports';
import classes from './Sports.module.css';

/** One price: a toggle that adds the selection to the slip (or takes it out). */
export function OddsButton({
  event,
  market,
  selection,
}: {
  event: SportsEvent;
  market: SportsMarket;
  selection: SportsSelection;
}) {
  const { picks } = useBetSlip();
  const selected = picks.some((pick) => pick.selectionId === selection.id);
  const open = market.status === 'open' && BETTABLE.has(event.status);
  return (
    <UnstyledButton
      className={classes.odds}
      data-selected={selected || undefined}
      disabled={!open}
      aria-pressed={selected}
      aria-label={`${selection.name} at ${selection.odds}${open ? '' : ' (suspended)'}`}
      onClick={() =>
        togglePick({
          selectionId: selection.id,
          eventId: event.id,
          event: `${event.home} v ${event.away}`,
          market: marketLabel(market.type, market.line),
          selection: selection.name,
          odds: selection.odds,
        })
      }
    >
      <Stack gap={0} align="center">
        <Text size="xs" c="dimmed" lineClamp={1}>
          {selection.name}
        </Text>
        <Text fw={700} ff="monospace">
          {open ? selection.odds : '—'}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
