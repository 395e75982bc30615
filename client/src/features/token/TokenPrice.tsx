import { Group, Skeleton, Text } from '@mantine/core';
import { TOKEN_PRICE_DECIMALS } from '../../constants';
import { formatDecimal, formatPercentChange } from '../../lib/decimal';
import type { TokenQuoteState } from './use-token-latest';

/** Price to seven decimals and the 24 h change, or an honest state when there is no quote. */
export function TokenPrice({ state, size = 'lg' }: { state: TokenQuoteState; size?: 'lg' | 'xl' }) {
  if (state.status === 'loading') return <Skeleton height={24} width={140} aria-label="Loading price" />;
  if (state.status !== 'ready') {
    return (
      <Text size="sm" c="dimmed" data-testid="token-price-state">
        {state.status === 'error' ? 'Failed to fetch token price' : 'Price not available yet'}
      </Text>
    );
  }
  const change = formatPercentChange(state.quote.change24h) ?? '0.00%';
  const isDown = change.startsWith('-');
  return (
    <Group gap="xs" align="baseline" wrap="nowrap">
      <Text fz={size === 'xl' ? 32 : 18} fw={700} ff="monospace" data-testid="token-price">
        ${formatDecimal(state.quote.price, TOKEN_PRICE_DECIMALS)}
      </Text>
      <Text size="sm" fw={600} c={isDown ? 'red.5' : 'green.5'} aria-label={`24 hour change ${change}`}>
        {change}
      </Text>
    </Group>
  );
}
