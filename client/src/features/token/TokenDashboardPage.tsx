import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { TokenNav } from './TokenNav';
import { TokenPrice } from './TokenPrice';
import { useTokenLatest } from './use-token-latest';

export function TokenDashboardPage() {
  const state = useTokenLatest();
  const quote = state.status === 'ready' ? state.quote : null;
  return (
    <Stack gap={0}>
      <PageHeader title="BZU Token" description="Price, supply and utility of the BZU token." />
      <TokenNav />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg" bg="var(--bzu-card)">
          <Text size="sm" c="dimmed" mb={4}>
            BZU price
          </Text>
          <TokenPrice state={state} size="xl" />
          {quote ? (
            <Text size="xs" c="dimmed" mt="xs">
              Updated {new Date(quote.updatedAt).toLocaleString()}
            </Text>
          ) : null}
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {[
            { label: 'Market cap', value: quote?.marketCap },
            { label: '24 h volume', value: quote?.volume24h },
          ].map((stat) => (
            <Paper key={stat.label} withBorder radius="lg" p="lg" bg="var(--bzu-card)">
              <Text size="sm" c="dimmed">
                {stat.label}
              </Text>
              <Text fw={700} size="lg">
                {stat.value ?? 'Not available yet'}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
