import { Group, Skeleton, Text } from '@mantine/core';
import { TOKEN_PRICE_DECIMALS } from '../../constants';
import { formatDecimal, formatPercentChange } from '../../lib/decimal';
import type { TokenQuoteState } from './use-token-latest';

/** Price to seven decimals and the server's 24 h change, or an honest state when there is no quote. */
export function TokenPrice({ state, size = 'lg' }: { state: TokenQuoteState; size?: 'lg' | 'xl' }) {
  if (state.status === 'loading')
    return <Skeleton height={size === 'xl' ? 38 : 24} width={size === 'xl' ? 220 : 140} aria-label="Loading price" />;
  if (state.status !== 'ready') {
    return (
      <Text size="sm" c={state.status === 'error' ? 'red.4' : 'dimmed'} data-testid="token-price-state">
        {state.status === 'error' ? state.message : 'Price not available yet'}
      </Text>
    );
  }
  const price = formatDecimal(state.quote.price, TOKEN_PRICE_DECIMALS);
  const change = formatPercentChange(state.quote.change24h);
  const color =
    change === null ? 'dimmed' : change.startsWith('-') ? 'red.5' : change.startsWith('+') ? 'green.5' : 'dimmed';
  return (
    <Group gap="xs" align="baseline" wrap="nowrap">
      <Text fz={size === 'xl' ? 32 : 18} fw={700} ff="monospace" data-testid="token-price">
        {price === null ? '—' : `$${price}`}
      </Text>
      {change === null ? null : (
        <Text
          size="sm"
          fw={600}
          c={color}
          aria-label={`24 hour change ${change}`}
          data-testid="token-change"
          title="Change over 24 hours"
        >
          {change}
        </Text>
      )}
      {change !== null && size === 'xl' ? (
        <Text size="xs" c="dimmed" aria-hidden>
          24h
        </Text>
      ) : null}
    </Group>
  );
}
