import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowsExchange } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { TOKEN_PRICE_DECIMALS } from '../../constants';
import { formatDecimal } from '../../lib/decimal';
import { trpc } from '../../trpc';
import { getSession, replaceUser, useSession } from '../auth/session-store';
import { formatDateTime } from '../../lib/datetime';
import { TokenPrice } from './TokenPrice';
import { TokenPageFrame } from './TokenSignedIn';
import { useTokenLatest } from './use-token-latest';
import { amountInputError, formatAmount } from '../../lib/money';
import { errorMessage } from '../../lib/api-error';
import { keyboardScroll } from '../../components/KeyboardScrollArea';

type Side = 'buy' | 'sell';

/** The quote refreshes on every price event and, between events, this often. */
const QUOTE_REFRESH_MS = 5_000;
const SLIPPAGE_CHOICES = [
  { value: '10', label: '0.1%' },
  { value: '50', label: '0.5%' },
  { value: '100', label: '1%' },
  { value: '300', label: '3%' },
];

const price = (value: string) => `$${formatDecimal(value, TOKEN_PRICE_DECIMALS) ?? value}`;
const usd = (value: string) => `$${formatDecimal(value, 2) ?? value}`;
const bzu = (value: string) => `${formatDecimal(value, 4) ?? value} BZU`;

/** "12.5" -> "12.50000000", the server's 8-decimal form (the input is already validated). */
function toUnitsText(text: string): string {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return `${BigInt(whole || '0')}.${fraction.padEnd(8, '0')}`;
}

function newTradeId(): string {
  return crypto.randomUUID();
}

function QuoteRow({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ff="monospace" c={tone} data-testid={testId} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** Buy and sell BZU against the platform's pool with the cash balance. */
function TradeForm() {
  const utils = trpc.useUtils();
  const { user } = useSession();
  const latest = useTokenLatest();
  const [side, setSide] = useState<Side>('buy');
  const [amount, setAmount] = useState('');
  const [slippage, setSlippage] = useState('50');
  const [tradeId, setTradeId] = useState(newTradeId);
  const amountProblem = amount.trim() === '' ? null : amountInputError(amount);
  const valid = amount.trim() !== '' && amountProblem === null && Number(amount) > 0;
  const quote = trpc.token.quote.useQuery(
    { side, amount: amount.trim(), slippageBps: Number(slippage) },
    { enabled: valid, refetchInterval: QUOTE_REFRESH_MS, placeholderData: (previous) => previous, retry: false },
  );
  // Only a quote of exactly this side, amount and tolerance: a previous amount's quote (kept while
  // the new one loads) must never supply the minimum this trade is sent with.
  const shown =
    valid &&
    quote.data &&
    quote.data.side === side &&
    quote.data.amountIn === toUnitsText(amount) &&
    quote.data.slippageBps === Number(slippage)
      ? quote.data
      : null;

  // A new pool price (a trade by anyone, a burn) makes the quote on screen stale: ask again.
  const livePrice = latest.status === 'ready' ? latest.quote.price : null;
  const refetchQuote = quote.refetch;
  useEffect(() => {
    if (livePrice !== null && valid) void refetchQuote();
  }, [livePrice, valid, refetchQuote]);

  const trade = trpc.token.trade.useMutation({
    onSuccess: (result) => {
      const current = getSession().user;
      // The balance events bring the same figures; setting them here makes the header change at once.
      if (current) replaceUser({ ...current, balance: result.balances.USD, bzuBalance: result.balances.BZU });
      notifications.show({
        color: 'green',
        title: result.side === 'buy' ? 'Bought BZU' : 'Sold BZU',
        message:
          result.side === 'buy'
            ? `${bzu(result.amountOut)} for ${usd(result.amountIn)}`
            : `${bzu(result.amountIn)} for ${usd(result.amountOut)}`,
      });
      setAmount('');
      setTradeId(newTradeId());
      void utils.token.holdings.invalidate();
      void utils.token.utility.invalidate();
      void utils.token.latest.invalidate();
    },
    onError: () => setTradeId(newTradeId()),
  });

  const balance = side === 'buy' ? user?.balance : user?.bzuBalance;
  const inCurrency = side === 'buy' ? 'USD' : 'BZU';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!shown) return;
    trade.mutate({ side, amount: amount.trim(), minOut: shown.minimumReceived, clientTradeId: tradeId });
  }

  return (
    <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)" component="form" onSubmit={submit} aria-label="Trade BZU">
      <Stack gap="md">
        <SegmentedControl
          value={side}
          onChange={(value) => {
            setSide(value as Side);
            trade.reset();
          }}
          data={[
            { value: 'buy', label: 'Buy BZU' },
            { value: 'sell', label: 'Sell BZU' },
          ]}
          aria-label="Buy or sell"
          fullWidth
        />
        <TextInput
          label={side === 'buy' ? 'You pay (USD)' : 'You sell (BZU)'}
          placeholder="0.00"
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            trade.reset();
          }}
          error={amountProblem}
          data-testid="trade-amount"
          description={
            balance === undefined ? undefined : (
              <Group gap={6} component="span">
                <span>
                  Available: {formatAmount(String(balance), inCurrency)} {inCurrency}
                </span>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setAmount(String(balance))}
                  disabled={Number(balance) <= 0}
                  // The name starts with the visible word (WCAG 2.5.3: a voice user says what they see).
                  aria-label={`Max: use the whole ${inCurrency} balance`}
                >
                  Max
                </Button>
              </Group>
            )
          }
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="slippage-label">
            Slippage tolerance
          </Text>
          <SegmentedControl
            size="xs"
            value={slippage}
            onChange={setSlippage}
            data={SLIPPAGE_CHOICES}
            aria-labelledby="slippage-label"
          />
        </div>
        <Paper radius="md" p="md" bg="var(--bzu-input)" aria-live="polite" data-testid="trade-quote">
          {!valid ? (
            <Text size="sm" c="dimmed">
              Enter an amount to see the price, fee and what you receive.
            </Text>
          ) : quote.isError && !shown ? (
            <Text size="sm" c="red.4" data-testid="trade-quote-error">
              {errorMessage(quote.error)}
            </Text>
          ) : !shown ? (
            <Skeleton height={110} />
          ) : (
            <Stack gap={6}>
              <QuoteRow
                label="You receive"
                value={side === 'buy' ? bzu(shown.amountOut) : usd(shown.amountOut)}
                testId="quote-amount-out"
              />
              <QuoteRow
                label={`Minimum received (${Number(slippage) / 100}% slippage)`}
                value={side === 'buy' ? bzu(shown.minimumReceived) : usd(shown.minimumReceived)}
                testId="quote-minimum"
              />
              <QuoteRow label="Price per BZU" value={price(shown.executionPrice)} testId="quote-price" />
              <QuoteRow
                label="Price impact"
                value={`${shown.priceImpact.toFixed(2)}%`}
                testId="quote-impact"
                tone={shown.priceImpact >= 5 ? 'red.4' : shown.priceImpact >= 1 ? 'yellow.5' : undefined}
              />
              <QuoteRow
                label={
                  shown.feeBps < shown.baseFeeBps
                    ? `Fee ${shown.feeBps / 100}% (holder discount from ${shown.baseFeeBps / 100}%)`
                    : `Fee ${shown.feeBps / 100}%`
                }
                value={usd(shown.fee)}
                testId="quote-fee"
              />
              <QuoteRow label="Pool price after" value={price(shown.priceAfter)} testId="quote-price-after" />
            </Stack>
          )}
        </Paper>
        {trade.error ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="Trade refused"
            role="alert"
            data-testid="trade-error"
          >
            {errorMessage(trade.error)}
          </Alert>
        ) : null}
        <Button
          type="submit"
          size="md"
          loading={trade.isPending}
          disabled={!shown}
          leftSection={<IconArrowsExchange size={18} aria-hidden />}
        >
          {side === 'buy' ? 'Buy BZU' : 'Sell BZU'}
        </Button>
      </Stack>
    </Paper>
  );
}

function RecentTrades() {
  const holdings = trpc.token.holdings.useQuery();
  const trades = holdings.data?.recentTrades ?? [];
  return (
    <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="recent-trades-title">
      <Title order={2} fz="md" mb="sm" id="recent-trades-title">
        Your recent trades
      </Title>
      {holdings.isPending ? (
        <Skeleton height={80} />
      ) : trades.length === 0 ? (
        <Text size="sm" c="dimmed">
          No trades yet. Your buys and sells appear here.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420} scrollAreaProps={keyboardScroll('Recent trades')}>
          <Table striped fz="sm" data-testid="recent-trades">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Side</Table.Th>
                <Table.Th>Paid</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th>Fee</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trades.map((t) => (
                <Table.Tr key={t.tradeId}>
                  <Table.Td>{formatDateTime(t.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={t.side === 'buy' ? 'green' : 'red'} variant="light">
                      {t.side}
                    </Badge>
                  </Table.Td>
                  <Table.Td ff="monospace">{t.side === 'buy' ? usd(t.amountIn) : bzu(t.amountIn)}</Table.Td>
                  <Table.Td ff="monospace">{t.side === 'buy' ? bzu(t.amountOut) : usd(t.amountOut)}</Table.Td>
                  <Table.Td ff="monospace">{usd(t.fee)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** /token/trade: the live price beside the trade form, then the player's recent trades. */
export function TradePage() {
  const latest = useTokenLatest();
  return (
    <TokenPageFrame
      title="BZU Trade"
      description="Buy and sell BZU against the platform's BZU/USD pool with your cash balance."
      guestText="Log in to buy and sell BZU with your cash balance."
    >
      <Stack gap="lg">
        {/* The form first: on a phone it is what the page is for; the price and how it works beside it. */}
        <SimpleGrid type="container" cols={{ base: 1, '760px': 2 }} spacing="lg">
          <TradeForm />
          <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)" component="section" aria-label="BZU price">
            <Text size="sm" c="dimmed" mb={4}>
              BZU price
            </Text>
            <TokenPrice state={latest} size="xl" />
            <Text size="sm" c="dimmed" mt="md">
              The pool prices each trade by its reserves (x · y = k): buying raises the price, selling lowers it. The
              fee goes to the house, and holding BZU lowers it (see Utility). If the pool moves past your slippage
              tolerance before your trade runs, the trade is refused and nothing changes.
            </Text>
          </Paper>
        </SimpleGrid>
        <RecentTrades />
      </Stack>
    </TokenPageFrame>
  );
}
