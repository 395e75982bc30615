import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { TokenEconomics } from './TokenEconomics';
import { TokenNav } from './TokenNav';
import { TokenOverview } from './TokenOverview';

/** /token: the market (price, figures, price history). */
export function TokenDashboardPage() {
  return (
    <Stack gap={0}>
      <PageHeader title="BZU Token" description="Price, market figures and price history of the BZU token." />
      <TokenNav />
      <TokenOverview />
    </Stack>
  );
}

/** /token/overview: the economics (supply, where it goes, buy-and-burn), distinct from the dashboard's market view. */
export function TokenOverviewPage() {
  return (
    <Stack gap={0}>
      <PageHeader title="BZU Overview" description="Supply, burns and the buy-and-burn record of the BZU token." />
      <TokenNav />
      <TokenEconomics />
    </Stack>
  );
}
