import { Box, Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { afterStyles } from '../../after-styles';
import { openVaultModal } from '../economy/vault-modal-store';
import { DEFAULT_CURRENCY } from '../../constants';
import { formatBalance } from '../account/format-balance';
import { useSession } from '../auth/session-store';

// The rank chip (XP bar, the vip query) comes after the first paint: issue #17's 150 KB first screen.
const RankChip = lazy(() =>
  afterStyles(() => import('../economy/RankChip')).then((module) => ({ default: module.RankChip })),
);
// The wallet the balance opens, and the deposit form Deposit opens, load on the first click.
const WalletModal = lazy(() => import('./late-parts').then((module) => ({ default: module.WalletModal })));
const DepositModal = lazy(() => import('./late-parts').then((module) => ({ default: module.DepositModal })));

/** The rank with its XP bar, cash balance (opens the wallet), Deposit, BZU balance and the Vault button (desktop). */
export function HeaderBalances({ compact }: { compact: boolean }) {
  const { user } = useSession();
  const [walletOpen, setWalletOpen] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);
  const currency = user?.currency ?? DEFAULT_CURRENCY;
  return (
    // miw 0: on a phone a long balance shortens (an ellipsis) rather than push the account menu off the screen.
    <Group gap="xs" wrap="nowrap" miw={0}>
      {/* Narrower on phones, where it shares the bar with the logo, the cash balance and the menu. */}
      <Suspense fallback={<Box w={compact ? 76 : 92} />}>
        <RankChip width={compact ? 76 : 92} />
      </Suspense>
      <Paper
        component="button"
        type="button"
        onClick={() => setWalletOpen(true)}
        px="sm"
        py={6}
        radius="md"
        bg="var(--bzu-input)"
        aria-haspopup="dialog"
        style={{ border: 0, color: 'inherit', cursor: 'pointer', minWidth: 0, flexShrink: 1 }}
      >
        {/* One line (truncate: nowrap, an ellipsis only past the bar's room): a wrapped balance doubled the bar's height on phones. */}
        <Text size="sm" fw={700} ff="monospace" data-testid="header-balance" truncate>
          {/* Named by what it shows (WCAG 2.5.3, label in name), then what it does. */}
          {formatBalance(user?.balance)}{' '}
          <Text span size="xs" c="dimmed">
            {currency}
          </Text>
        </Text>
        <VisuallyHidden>Cash balance: open wallet</VisuallyHidden>
      </Paper>
      {/* On phones a compact + (its name stays for screen readers). */}
      <Button
        onClick={() => setDepositOpen(true)}
        aria-haspopup="dialog"
        size={compact ? 'compact-md' : 'sm'}
        px={compact ? 6 : undefined}
        aria-label="Deposit"
        style={{ flexShrink: 0 }}
      >
        {compact ? <IconPlus size={16} aria-hidden /> : 'Deposit'}
      </Button>
      {walletOpen ? (
        <Suspense fallback={null}>
          <WalletModal
            onClose={() => setWalletOpen(false)}
            onDeposit={() => {
              setWalletOpen(false);
              setDepositOpen(true);
            }}
          />
        </Suspense>
      ) : null}
      {depositOpen ? (
        <Suspense fallback={null}>
          <DepositModal onClose={() => setDepositOpen(false)} />
        </Suspense>
      ) : null}
      {compact ? null : (
        <>
          <Paper px="sm" py={6} radius="md" bg="var(--bzu-input)" aria-label="BZU balance" role="group">
            <Text size="sm" fw={700} ff="monospace" data-testid="header-bzu-balance">
              {formatBalance(user?.bzuBalance)}{' '}
              <Text span size="xs" c="dimmed">
                BZU
              </Text>
            </Text>
          </Paper>
          <Button variant="default" size="sm" leftSection={<IconLock size={16} aria-hidden />} onClick={openVaultModal}>
            Vault
          </Button>
        </>
      )}
    </Group>
  );
}
