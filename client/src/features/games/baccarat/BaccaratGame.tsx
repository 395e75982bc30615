import { Button, Group, SegmentedControl, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconRepeat, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import type { BaccaratHand, BaccaratSpot } from '../../../../../server/src/domain/games/baccarat/rules';
import { trpcClient } from '../../../trpc';
import { PlayingCard } from '../../cards/PlayingCard';
import { toUnits } from '../../game-panel/bet-amount';
import { BetPanel, type Stake } from '../../game-panel/BetPanel';
import { formatMultiplier } from '../../bets/bet-format';
import { newClientBetId, untilShown, useRevealedBet } from '../../game-panel/bet-session';
import type { BetView } from '../../game-panel/bet-types';
import { GameLayout } from '../../game-panel/GameLayout';
import { useInstantBets } from '../../game-panel/instant-bets';
import { pushRecent, RecentResults } from '../../game-panel/RecentResults';
import { CHIP_SIZES, dealOrder, isEmpty, layoutOf, pointsTotal, spotAmounts, type Placed } from './baccarat-table';
import classes from './BaccaratGame.module.css';
import { formatAmount } from '../../../lib/money';

/** One card every this often while a coup is dealt. */
const DEAL_MS = 380;
const SPOTS: { spot: BaccaratSpot; label: string; pays: string }[] = [
  { spot: 'player', label: 'Player', pays: 'pays 1:1' },
  { spot: 'tie', label: 'Tie', pays: 'pays 8:1' },
  { spot: 'banker', label: 'Banker', pays: 'pays 0.95:1' },
];

/** Baccarat: chips on player, tie and banker (in units of the panel's chip value), the coup dealt card by card. */
export function BaccaratGame() {
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [lastPlaced, setLastPlaced] = useState<Placed[]>([]);
  const [chip, setChip] = useState<number>(1);
  const [stake, setStake] = useState<Stake>({ amount: '1', currency: 'USD' });
  const [hand, setHand] = useState<BaccaratHand | null>(null);
  const [dealt, setDealt] = useState(0);
  const [recent, setRecent] = useState<BetView[]>([]);
  const [running, setRunning] = useState(false);
  // The plain client, not useMutation: a mutation hook re-renders the whole page twice per bet (pending, done).
  const betCall = trpcClient.games.baccarat.bet;
  const instant = useInstantBets();
  const play = useRevealedBet();
  const layout = layoutOf(placed);
  const order = hand ? dealOrder(hand) : [];
  // One step past the last card: the result waits until that card has landed.
  const dealing = hand !== null && dealt <= order.length;

  // The coup on screen is dealt one card at a time; instant bets show it whole.
  useEffect(() => {
    if (!hand || dealt > order.length) return;
    const timer = setTimeout(() => setDealt((n) => n + 1), DEAL_MS);
    return () => clearTimeout(timer);
  }, [hand, dealt, order.length]);

  async function placeBet(bet: Stake) {
    const spots = spotAmounts(layout, bet.amount);
    if (!spots) return null;
    const chips = placed;
    const { onAnswer, shown } = untilShown<{ bet: BetView; balance: string }>((answer) => {
      const coup = answer.bet.outcome as unknown as BaccaratHand;
      const cards = coup.playerCards.length + coup.bankerCards.length;
      setHand(coup);
      setDealt(instant ? cards + 1 : 0);
      return {
        delayMs: instant ? 0 : (cards + 1) * DEAL_MS,
        show: () => setRecent((list) => pushRecent(list, answer.bet)),
      };
    });
    const result = await play(
      bet.currency,
      () => betCall.mutate({ currency: bet.currency, ...spots, clientBetId: newClientBetId() }),
      onAnswer,
    );
    if (result) {
      setLastPlaced(chips);
      await shown;
    }
    return result?.bet ?? null;
  }

  const locked = running || dealing;
  const cardsOf = (side: 'player' | 'banker') =>
    order
      .slice(0, dealt)
      .filter((c) => c.side === side)
      .map((c) => c.card);
  const finished = hand !== null && !dealing;
  const chipValue = stake.amount;
  const unit = toUnits(chipValue);
  /** A spot's or a chip's amount at the chip value, for display in the panel's currency. */
  const shownUnits = (units: number) =>
    formatAmount(spotAmounts({ player: units, banker: 0, tie: 0 }, chipValue)?.player ?? '0', stake.currency);
  const onModeChange = useCallback((mode: { running: boolean }) => setRunning(mode.running), []);

  const board = (
    <Stack gap="md">
      <RecentResults bets={recent} label={(bet) => formatMultiplier(bet.multiplier)} />
      <div className={classes.hands} data-testid="baccarat-hands">
        {(['player', 'banker'] as const).map((side) => {
          const cards = cardsOf(side);
          return (
            <div
              key={side}
              className={classes.hand}
              data-winner={finished && hand?.winner === side ? true : undefined}
              data-testid={`baccarat-${side}-hand`}
            >
              <Group justify="space-between" w="100%">
                <Text fw={700} tt="uppercase" size="sm">
                  {side}
                </Text>
                <Text fw={800} size="lg" data-testid={`baccarat-${side}-total`}>
                  {cards.length > 0 ? pointsTotal(cards) : '-'}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap" className={classes.cards}>
                {cards.map((card, i) => (
                  <span key={i} className={i === 2 ? classes.third : classes.dealt}>
                    <PlayingCard card={card} width={52} />
                  </span>
                ))}
                {cards.length === 0 ? <PlayingCard width={52} /> : null}
              </Group>
            </div>
          );
        })}
      </div>
      <Text
        ta="center"
        fw={700}
        size="lg"
        aria-live="polite"
        data-testid="baccarat-result"
        c={finished ? (hand?.winner === 'tie' ? 'yellow' : 'teal') : 'dimmed'}
      >
        {finished && hand
          ? hand.winner === 'tie'
            ? `Tie ${hand.playerTotal}-${hand.bankerTotal}`
            : `${hand.winner === 'player' ? 'Player' : 'Banker'} wins ${Math.max(hand.playerTotal, hand.bankerTotal)}-${Math.min(hand.playerTotal, hand.bankerTotal)}`
          : dealing
            ? 'Dealing…'
            : 'Place your chips'}
      </Text>
      <div className={classes.spots} role="group" aria-label="Bet spots">
        {SPOTS.map(({ spot, label, pays }) => (
          <UnstyledButton
            key={spot}
            className={classes.spot}
            data-spot={spot}
            data-winner={finished && hand?.winner === spot ? true : undefined}
            disabled={locked}
            onClick={() => setPlaced((list) => [...list, { spot, units: chip }])}
            data-testid={`baccarat-spot-${spot}`}
          >
            <Text fw={800}>{label}</Text>
            {/* Full text colour: the dimmed grey was under 4.5:1 on the spots' tinted backgrounds. */}
            <Text size="xs">{pays}</Text>
            <Text size="sm" fw={700} data-testid={`baccarat-stake-${spot}`}>
              {layout[spot] > 0 && unit !== null ? shownUnits(layout[spot]) : '\u00a0'}
            </Text>
            {/* Named by what it shows first (WCAG 2.5.3), then what a press does. */}
            <VisuallyHidden>, place a chip</VisuallyHidden>
          </UnstyledButton>
        ))}
      </div>
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          value={String(chip)}
          onChange={(value) => setChip(Number(value))}
          data={CHIP_SIZES.map((size) => ({
            value: String(size),
            label: unit !== null ? shownUnits(size) : `${size}x`,
          }))}
          aria-label="Chip"
          data-testid="baccarat-chips"
        />
        <Group gap={6}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            disabled={locked || placed.length === 0}
            onClick={() => setPlaced((list) => list.slice(0, -1))}
          >
            Undo
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={locked || placed.length === 0}
            onClick={() => setPlaced([])}
          >
            Clear
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRepeat size={14} aria-hidden />}
            disabled={locked || lastPlaced.length === 0}
            onClick={() => setPlaced(lastPlaced)}
          >
            Rebet
          </Button>
        </Group>
      </Group>
    </Stack>
  );

  const panel = (
    <BetPanel
      game="baccarat"
      placeBet={placeBet}
      autobet
      animated
      betLabel="Deal"
      amountLabel="Chip value"
      blockedReason={isEmpty(layout) ? 'Place chips on Player, Banker or Tie' : dealing ? 'Dealing…' : null}
      onModeChange={onModeChange}
      onStakeChange={setStake}
    />
  );

  return (
    <GameLayout
      slug="baccarat"
      title="Baccarat"
      description="Bet on the player, the banker or a tie; the third card is drawn by the standard tableau."
      panel={panel}
      board={board}
    />
  );
}
