import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { DEFAULT_CURRENCY } from '../../constants';
import { useSession } from '../auth/session-store';
import { formatBalance } from './format-balance';

export function BalancesPage() {
  const { user } = useSession();
  const balances = [
    { label: `Cash (${user?.currency ?? DEFAULT_CURRENCY})`, value: formatBalance(user?.balance) },
    { label: 'BZU', value: formatBalance(user?.bzuBalance) },
  ];
  return (
    <Stack gap="lg">
      <PageHeader title="Balances" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {balances.map((balance) => (
          <Paper key={balance.label} withBorder radius="md" p="lg" bg="var(--bzu-card)">
            <Text size="sm" c="dimmed">
              {balance.label}
            </Text>
            <Text fz={28} fw={700} ff="monospace">
              {balance.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
