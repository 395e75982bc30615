import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { TokenNav } from './TokenNav';
import { TokenOverview } from './TokenOverview';

/** /token and /token/overview: the same overview under the page's own heading. */
export function TokenDashboardPage({ title = 'BZU Token' }: { title?: string }) {
  return (
    <Stack gap={0}>
      <PageHeader title={title} description="Price, supply and price history of the BZU token." />
      <TokenNav />
      <TokenOverview />
    </Stack>
  );
}
