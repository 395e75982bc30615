import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconCircleCheck } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import { ErrorAlert } from '../../components/ErrorAlert';

/** On-chain holdings per network and token against what players are owed (the same report as `custody:report`). */
export function CustodyConsoleSection() {
  const report = trpc.admin.custody.useQuery(undefined, { enabled: false, retry: false, staleTime: 0, gcTime: 0 });
  const data = report.data;
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="custody-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="custody-title">
            Custody
          </Title>
          <Button
            variant="default"
            leftSection={<IconBuildingBank size={16} aria-hidden />}
            loading={report.isFetching}
            onClick={() => void report.refetch()}
          >
            Run custody report
          </Button>
        </Group>
        <ErrorAlert error={report.error} title="The report did not run" />
        {data && !report.isFetching ? (
          <Stack gap="sm" data-testid="custody-result">
            <Alert
              color={data.ok ? 'green' : 'red'}
              variant="light"
              icon={data.ok ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />}
              title={
                data.ok ? 'The chain holds what players are owed' : 'Short: the chain holds less than players are owed'
              }
            >
              {(['USD', 'BZU'] as const).map((currency) => (
                <Text key={currency} size="sm">
                  {currency}: held {data.held[currency]}, owed {data.owed[currency]}, surplus {data.surplus[currency]}
                </Text>
              ))}
            </Alert>
            {data.networks.map((network) => (
              <Stack key={network.name} gap={4}>
                <Text size="sm" fw={600}>
                  {network.label} · hot wallet{' '}
                  <Text span ff="monospace" size="xs">
                    {network.hotWallet}
                  </Text>{' '}
                  · {network.addressesChecked} deposit address(es)
                </Text>
                {network.error ? (
                  <Text size="sm" c="red">
                    Unreadable: {network.error}
                  </Text>
                ) : (
                  <Table aria-label={`${network.label} holdings`}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Token</Table.Th>
                        <Table.Th>Hot wallet</Table.Th>
                        <Table.Th>Deposit addresses</Table.Th>
                        <Table.Th>Total</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {network.tokens.map((token) => (
                        <Table.Tr key={token.symbol}>
                          <Table.Td>{token.symbol}</Table.Td>
                          <Table.Td ff="monospace">{token.hotWallet}</Table.Td>
                          <Table.Td ff="monospace">{token.depositAddresses}</Table.Td>
                          <Table.Td ff="monospace">
                            {token.total} {token.currency}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Stack>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
