import { Text, type TextProps } from '@mantine/core';
import { formatAmount, formatSignedAmount } from '../lib/money';

/** An amount with its asset in the lists' monospace (bold unless told), at the asset's display precision; `signed` shows "+". */
export function AssetAmount({
  amount,
  asset,
  signed = false,
  c,
  fw = 600,
}: {
  amount: string;
  asset: string;
  signed?: boolean;
  c?: TextProps['c'];
  fw?: TextProps['fw'];
}) {
  return (
    <Text ff="monospace" size="sm" fw={fw} c={c}>
      {signed ? formatSignedAmount(amount, asset) : formatAmount(amount, asset)} {asset}
    </Text>
  );
}
