import { Button, Modal, Skeleton, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { trpc } from '../../trpc';
import { DepositAddressCard } from './DepositAddressCard';
import { DevChainCard } from './DevChainCard';

/**
 * What the header's Deposit opens: the deposit form itself (network, address, QR code) over the page the player is
 * on, rather than the balances page scrolled to wherever its anchor happened to be when it loaded.
 */
export function DepositModal({ onClose }: { onClose: () => void }) {
  const terms = trpc.wallet.withdrawalTerms.useQuery();
  return (
    <Modal opened onClose={onClose} title="Deposit funds" centered size="lg" data-testid="deposit-modal">
      <Stack gap="md">
        <ErrorAlert error={terms.error} title="Deposits are unavailable" />
        {terms.data ? (
          <>
            <DepositAddressCard networks={terms.data.networks} />
            <DevChainCard />
          </>
        ) : terms.isPending ? (
          <Skeleton height={320} radius="md" />
        ) : null}
        <Button component={Link} to="/account/deposits" variant="subtle" onClick={onClose} w="fit-content">
          Your deposits
        </Button>
      </Stack>
    </Modal>
  );
}
