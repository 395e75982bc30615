import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import { ErrorAlert } from '../../components/ErrorAlert';
import { shorten } from '../../lib/text';

/** Pending deposits refresh this often while any is waiting, so their confirmations count up on screen. */
const LIVE_MS = 2_000;

/**
 * Only on the embedded development chain (`npm start` with no network configured): buttons that pay test tokens to the
 * player's own deposit address from a funded development account, and the pending deposits confirming live, so a
 * newcomer sees a real on-chain deposit arrive, confirm and credit.
 */
export function DevChainCard() {
  const devChain = trpc.wallet.devChain.useQuery(undefined, { retry: false });
  const pending = trpc.wallet.deposits.useQuery(
    { status: 'PENDING', limit: 10 },
    {
      enabled: Boolean(devChain.data),
      refetchInterval: LIVE_MS,
    },
  );
  const utils = trpc.useUtils();
  const send = trpc.wallet.sendTestTokens.useMutation({
    onSuccess: () => void utils.wallet.deposits.invalidate(),
  });
  const chain = devChain.data;
  if (!chain) return null;
  const testTokens = chain.tokens.filter((token) => token.symbol !== 'USDC');

  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="dev-chain-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconFlask size={18} aria-hidden />
          <Title order={2} fz="lg" id="dev-chain-title">
            {chain.label}
          </Title>
          <Badge variant="light" color="grape">
            development only
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Pays test tokens to your deposit address from a funded development account. The deposit is credited after{' '}
          {chain.confirmations} confirmations, like a real one.
        </Text>
        <Group gap="sm">
          {testTokens.map((token) => (
            <Button
              key={token.symbol}
              variant="light"
              loading={send.isPending && send.variables?.symbol === token.symbol}
              onClick={() => send.mutate({ symbol: token.symbol as 'USDT' | 'USDC' | 'BZU' })}
            >
              Send test {token.symbol}
            </Button>
          ))}
        </Group>
        <ErrorAlert error={send.error} title="The test payment failed" />
        {send.data ? (
          <Text size="sm" role="status">
            Sent {send.data.amount} {send.data.symbol} in{' '}
            <Text span ff="monospace" title={send.data.txHash}>
              {shorten(send.data.txHash)}
            </Text>
          </Text>
        ) : null}
        {pending.data && pending.data.items.length > 0 ? (
          <Table aria-label="Pending deposits" data-testid="pending-deposits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Confirmations</Table.Th>
                <Table.Th>Transaction</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    {item.amount} {item.asset}
                  </Table.Td>
                  <Table.Td>
                    {item.confirmations} / {item.requiredConfirmations}
                  </Table.Td>
                  <Table.Td ff="monospace" title={item.txHash}>
                    {shorten(item.txHash)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
