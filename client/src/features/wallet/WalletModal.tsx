import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSession } from '../auth/session-store';
import { openVaultModal } from '../economy/vault-modal-store';
import { formatAmount } from '../../lib/money';

/** What the header balance opens: both balances and the ways to move money (deposit, withdraw, vault). */
export function WalletModal({ onClose, onDeposit }: { onClose: () => void; onDeposit: () => void }) {
  const { user } = useSession();
  const balances = [
    { currency: 'USD', value: user?.balance },
    { currency: 'BZU', value: user?.bzuBalance },
  ];
  return (
    <Modal opened onClose={onClose} title="Wallet" centered size="sm">
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="xs">
          {balances.map((balance) => (
            <Paper key={balance.currency} p="sm" radius="md" bg="var(--bzu-input)">
              <Text size="xs" c="dimmed">
                {balance.currency}
              </Text>
              <Text fw={700} ff="monospace" data-testid={`wallet-modal-${balance.currency.toLowerCase()}`}>
                {balance.value === undefined || balance.value === null
                  ? '-'
                  : formatAmount(String(balance.value), balance.currency)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Group grow gap="xs">
          <Button onClick={onDeposit} aria-haspopup="dialog">
            Deposit
          </Button>
          <Button component={Link} to="/account/balances" hash="withdraw" variant="default" onClick={onClose}>
            Withdraw
          </Button>
        </Group>
        <Button
          variant="default"
          leftSection={<IconLock size={16} aria-hidden />}
          onClick={() => {
            onClose();
            openVaultModal();
          }}
        >
          Vault
        </Button>
      </Stack>
    </Modal>
  );
}
