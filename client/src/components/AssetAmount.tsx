import { Text } from '@mantine/core';
import { formatAmount } from '../lib/money';

/** An amount with its asset, in the lists' bold monospace. */
export function AssetAmount({ amount, asset }: { amount: string; asset: string }) {
  return (
    <Text ff="monospace" size="sm" fw={600}>
      {formatAmount(amount, asset)} {asset}
    </Text>
  );
}
