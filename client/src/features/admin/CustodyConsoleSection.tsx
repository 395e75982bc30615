import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconCircleCheck } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import type { RouterOutputs } from '../../lib/router-types';
import { ErrorAlert } from '../../components/ErrorAlert';
import { keyboardScroll } from '../../components/KeyboardScrollArea';

/**
 * On-chain holdings per network and token against the ledger's record of that network and token, and in total against
 * what players are owed (the same report as `custody:report`).
 */
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
                data.ok
                  ? 'The chain holds what players are owed'
                  : 'Short: the chain holds less than players are owed, or a network less than its ledger'
              }
            >
              {(['USD', 'BZU'] as const).map((currency) => (
                <Text key={currency} size="sm">
                  {currency}: held on chain {data.held[currency]}, owed to players {data.owed[currency]}, surplus{' '}
                  {data.surplus[currency]}
                </Text>
              ))}
            </Alert>
            {data.reorged.length > 0 ? <ReorgedDeposits deposits={data.reorged} more={data.reorgedMore} /> : null}
            {data.networks.map((network) => (
              <Stack key={network.name} gap={4}>
                <Text size="sm" fw={600}>
                  <Badge color={network.ok ? 'green' : 'red'} variant="light" mr={6}>
                    {network.ok ? 'balanced' : 'short'}
                  </Badge>
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
                  <Table.ScrollContainer minWidth={640} scrollAreaProps={keyboardScroll(`${network.label} holdings`)}>
                    <Table aria-label={`${network.label} holdings`}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Token</Table.Th>
                          <Table.Th>Hot wallet</Table.Th>
                          <Table.Th>Deposit addresses</Table.Th>
                          <Table.Th>On chain</Table.Th>
                          <Table.Th title="Deposits credited on this network less withdrawals paid from it">
                            Ledger
                          </Table.Th>
                          <Table.Th>Difference</Table.Th>
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
                            <Table.Td ff="monospace">{token.booked}</Table.Td>
                            <Table.Td ff="monospace" c={token.ok ? undefined : 'red'}>
                              {token.difference}
                              {token.ok ? '' : ' short'}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

type ReorgedDeposit = RouterOutputs['admin']['custody']['reorged'][number];

/**
 * Credited deposits whose block left the chain after the credit: the player kept money the chain no longer holds. They
 * stay here until marked reviewed (`npm run cli -- custody:reorg-reviewed <id> <note>`).
 */
function ReorgedDeposits({ deposits, more }: { deposits: ReorgedDeposit[]; more: boolean }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`Reorged after credit: ${deposits.length}${more ? '+' : ''} deposit(s) to review`}
      data-testid="custody-reorged"
    >
      <Text size="sm" mb="xs">
        These deposits were credited, then their block left the chain: the credit stayed with the player. Review each
        (the player may have played it), then mark it reviewed with{' '}
        <Text span ff="monospace" size="xs">
          npm run cli -- custody:reorg-reviewed &lt;id&gt; &lt;note&gt;
        </Text>
        .
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="Deposits reorged after their credit">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Deposit</Table.Th>
              <Table.Th>Network</Table.Th>
              <Table.Th>Player</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Transaction</Table.Th>
              <Table.Th>Block</Table.Th>
              <Table.Th>Credited</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deposits.map((deposit) => (
              <Table.Tr key={deposit.id}>
                <Table.Td ff="monospace">{deposit.id}</Table.Td>
                <Table.Td>{deposit.network}</Table.Td>
                <Table.Td>
                  {deposit.loginName} (#{deposit.userId})
                </Table.Td>
                <Table.Td ff="monospace">
                  {deposit.amount} {deposit.asset}
                </Table.Td>
                <Table.Td ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
                  {deposit.txHash}:{deposit.logIndex}
                </Table.Td>
                <Table.Td ff="monospace">{deposit.blockNumber ?? '—'}</Table.Td>
                <Table.Td>{deposit.creditedAt ? new Date(deposit.creditedAt).toLocaleString() : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Alert>
  );
}
