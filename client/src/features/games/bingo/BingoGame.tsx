import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { PRIZES, type Prize } from '../../../../../server/src/domain/games/bingo/rules';
import { trpc } from '../../../trpc';
import { displayName, useSession } from '../../auth/session-store';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';
import { newClientBetId, runBet } from '../../game-panel/bet-session';
import type { Currency } from '../../game-panel/bet-types';
import { RoundGameLayout } from '../../rounds/RoundGameLayout';
import { useLiveRound, type LiveRound } from '../../rounds/use-live-round';
import { formatAmount } from '../../../lib/money';
import { BingoCard, CalledBoard, LastBalls } from './BingoCard';
import { BingoRounds } from './BingoRounds';
import { cardsLeft, dealCards, holdingOf, PRIZE_NAMES, potSoFar, roomLines, type RoomBet } from './bingo-room';
import classes from './Bingo.module.css';

/** The published rules the round view carries (BINGO_GAME.info). */
interface BingoInfo {
  cardPrice: Record<Currency, string>;
  minPot: Record<Currency, string>;
  houseSharePercent: number;
  prizeSharePercent: Record<Prize, number>;
  maxCards: number;
  ballMs: number;
}
type BingoRound = LiveRound & {
  info?: BingoInfo;
  balls?: number[];
  pots?: Record<string, { pot: string; prizes: { prize: string; winners: { betId: string; amount: string }[] }[] }>;
};
type BingoBet = LiveRound['bets'][number] & RoomBet;

const cardCount = (n: number) => `${n} card${n === 1 ? '' : 's'}`;

/** The balls every screen shows: the running game's so far (ticks), the ended game's all; none while cards sell. */
function calledOf(round: BingoRound | null, live: Record<string, unknown> | undefined): number[] {
  if (round?.state === 'running') return (live?.balls as number[] | undefined) ?? [];
  if (round?.state === 'ended') return round.balls ?? [];
  return [];
}

export function BingoGame() {
  const { round: liveRound, live, clock } = useLiveRound('bingo');
  const round = liveRound as BingoRound | null;
  const session = useSession();
  const chain = trpc.bingo.chain.useQuery(undefined, { staleTime: 60_000 });
  const buy = trpc.bingo.bet.useMutation();
  const [currency, setCurrency] = useState<Currency>('USD');
  const [count, setCount] = useState(4);
  const [preview, setPreview] = useState(() => dealCards(4));
  /** The purchases this page made (the room lists them under the player's name too). */
  const [placedIds, setPlacedIds] = useState<string[]>([]);
  const info = round?.info;
  const bets = (round?.bets ?? []) as BingoBet[];
  const called = calledOf(round, live);
  const name = session.isSignedIn ? displayName(session.user) : null;
  const mine = holdingOf(bets, placedIds, name);
  const selling = round?.state === 'betting';
  // More cards in the same game go in the currency (the pot) of the first ones.
  const buyCurrency = (mine?.currency as Currency | undefined) ?? currency;
  const price = info?.cardPrice[buyCurrency] ?? '0';
  const lines = roomLines(bets, called);
  const left = cardsLeft(info?.maxCards ?? 24, mine);
  const canBuy = !mine || (selling && left > 0);
  const shownCount = Math.max(1, Math.min(count, left));

  useEffect(() => setPreview(dealCards(shownCount)), [shownCount]);

  async function buyCards() {
    const result = await runBet(() =>
      buy.mutateAsync({ currency: buyCurrency, cards: preview, clientBetId: newClientBetId() }),
    );
    if (result) {
      setPlacedIds((ids) => [...ids, result.bet.id]);
      setPreview(dealCards(shownCount));
    }
  }

  const panel = (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <RoomStatus round={round} called={called.length} offsetMs={clock.offsetMs} />
        {mine ? (
          <Alert color="teal" variant="light" data-testid="bingo-bought">
            You have {cardCount(mine.cards.length)} in game {round?.number} ({formatAmount(mine.amount, mine.currency)}{' '}
            {mine.currency}).
            {mine.payout ? ` Won ${formatAmount(mine.payout, mine.currency)} ${mine.currency}.` : ''}
            {selling && left > 0 ? ` You may buy ${cardCount(left)} more until the sale closes.` : ''}
          </Alert>
        ) : null}
        {canBuy ? (
          <>
            {mine ? null : (
              <SegmentedControl
                value={currency}
                onChange={(value) => setCurrency(value as Currency)}
                data={['USD', 'BZU']}
                fullWidth
                aria-label="Currency"
              />
            )}
            <NumberInput
              label={mine ? 'More cards' : 'Cards'}
              min={1}
              max={left}
              value={shownCount}
              onChange={(value) => setCount(Math.max(1, Math.min(left, Math.floor(Number(value) || 1))))}
              clampBehavior="strict"
              data-testid="bingo-count"
            />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Price {formatAmount(price, buyCurrency)} {buyCurrency} a card
              </Text>
              <Text size="sm" fw={700} data-testid="bingo-total">
                Total {formatAmount(fromUnits((toUnits(price) ?? 0n) * BigInt(shownCount)), buyCurrency)} {buyCurrency}
              </Text>
            </Group>
            <Button variant="default" size="xs" onClick={() => setPreview(dealCards(shownCount))}>
              Deal new cards
            </Button>
            <Button
              fullWidth
              size="md"
              onClick={() => void buyCards()}
              loading={buy.isPending}
              disabled={!selling || !session.isSignedIn}
              data-testid="bingo-buy"
              // The label wraps rather than ending in "…" on a narrow panel ("Sales open before the next game").
              h="auto"
              mih={42}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: 6 } }}
            >
              {!session.isSignedIn
                ? 'Sign in to buy cards'
                : selling
                  ? `Buy ${mine ? `${shownCount} more card${shownCount === 1 ? '' : 's'}` : cardCount(shownCount)}`
                  : 'Sales open before the next game'}
            </Button>
          </>
        ) : null}
        <PrizeTable round={round} bets={bets} currency={buyCurrency} info={info} />
      </Stack>
    </Paper>
  );

  return (
    <RoundGameLayout
      slug="bingo"
      title="Bingo"
      description="75-ball bingo: one line, two lines and a full house from the pot."
      panel={panel}
      chain={chain.data}
      note={{
        subject: "every game's draw comes from a hash chain",
        pendingSalt: 'not fixed yet',
        children:
          'Your cards are dealt in your browser and fixed when you buy them. Open a game above to verify its draw and winners.',
      }}
    >
      <BingoRounds chain={chain.data ?? null} />
      <LastBalls called={called} />
      <CalledBoard called={called} />
      {mine ? (
        <>
          <Title order={3} size="h5">
            Your cards
          </Title>
          <div className={classes.cards} data-testid="bingo-my-cards">
            {mine.cards.map((card, i) => (
              <BingoCard key={i} card={card} called={called} label={`Card ${i + 1}`} />
            ))}
          </div>
        </>
      ) : null}
      {canBuy ? (
        <>
          <Title order={3} size="h5">
            {mine ? 'More cards you would buy' : 'Cards you would buy'}
          </Title>
          <div className={classes.cards} data-testid="bingo-preview">
            {preview.map((card, i) => (
              <BingoCard key={i} card={card} called={[]} label={`Card ${(mine?.cards.length ?? 0) + i + 1}`} />
            ))}
          </div>
        </>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={4}>
          <Title order={3} size="h5">
            Room
          </Title>
          <ScrollArea h={200} type="auto" data-testid="bingo-room">
            {lines.length === 0 ? (
              <Text size="sm" c="dimmed">
                Calls and winners appear here.
              </Text>
            ) : (
              lines.map((line) => (
                <Text key={line.key} size="sm" fw={line.prize ? 700 : 400} c={line.prize ? 'teal' : undefined}>
                  {line.text}
                </Text>
              ))
            )}
          </ScrollArea>
        </Stack>
        <Stack gap={4}>
          <Title order={3} size="h5">
            Players this game
          </Title>
          <ScrollArea h={200} type="auto">
            <Table fz="xs" verticalSpacing={2} striped data-testid="bingo-players">
              <Table.Tbody>
                {bets.length === 0 ? (
                  <Table.Tr>
                    <Table.Td>No cards bought yet.</Table.Td>
                  </Table.Tr>
                ) : (
                  bets.map((bet) => (
                    <Table.Tr key={bet.betId}>
                      <Table.Td>{bet.userName}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {cardCount(bet.cards?.length ?? 0)}
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {bet.payout
                          ? `+${formatAmount(bet.payout, bet.currency)}`
                          : formatAmount(bet.amount, bet.currency)}{' '}
                        {bet.currency}
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      </SimpleGrid>
    </RoundGameLayout>
  );
}

/** The room's clock: the sale's countdown, the draw's progress, or the wait for the next game. */
function RoomStatus({ round, called, offsetMs }: { round: BingoRound | null; called: number; offsetMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  if (!round) return <Text c="dimmed">Waiting for the first game…</Text>;
  const left = round.bettingEndsAt
    ? Math.max(0, Math.ceil((Date.parse(round.bettingEndsAt) - now - offsetMs) / 1000))
    : 0;
  const text =
    round.state === 'betting'
      ? `Cards on sale: the draw starts in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`
      : round.state === 'running'
        ? `Drawing: ball ${called} of 75`
        : round.state === 'ended'
          ? `Game over after ${called} balls. The next game's sale opens soon.`
          : 'The next game opens soon.';
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Text fw={700} data-testid="bingo-status" data-state={round.state}>
        {text}
      </Text>
      <Badge variant="light" style={{ flexShrink: 0 }}>
        Game {round.number}
      </Badge>
    </Group>
  );
}

/** The published prize shares and what each pays on the pot so far (the cards sold, at least the guaranteed pot). */
function PrizeTable({
  round,
  bets,
  currency,
  info,
}: {
  round: BingoRound | null;
  bets: RoomBet[];
  currency: Currency;
  info?: BingoInfo;
}) {
  if (!info) return null;
  const ended = round?.state === 'ended' ? round.pots?.[currency] : undefined;
  const so = potSoFar(bets, currency, info.minPot[currency]);
  const pot = ended?.pot ?? so.pot;
  return (
    <Stack gap={4} data-testid="bingo-prizes">
      <Group justify="space-between">
        <Text size="sm" fw={700}>
          Pot
        </Text>
        <Text size="sm" fw={700} data-testid="bingo-pot">
          {formatAmount(pot, currency)} {currency}
        </Text>
      </Group>
      {PRIZES.map((prize) => (
        <Group key={prize} justify="space-between">
          <Text size="sm">
            {PRIZE_NAMES[prize]} ({info.prizeSharePercent[prize]}%)
          </Text>
          <Text size="sm" ff="monospace">
            {formatAmount(so.prizes[prize], currency)} {currency}
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        The pot is the cards sold less a {info.houseSharePercent}% house share, at least{' '}
        {formatAmount(info.minPot[currency], currency)} {currency} (the house adds the rest). A line is a row, a column
        or a diagonal; simultaneous winners share a prize equally.
      </Text>
    </Stack>
  );
}
