import {
  ActionIcon,
  Alert,
  Group,
  Image,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  CopyButton,
} from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { trpc } from '../../trpc';
import { ErrorAlert } from '../../components/ErrorAlert';

import { networkLabel, networkOptionLabel, type WithdrawalNetwork } from './withdrawal-validation';

function useQrDataUrl(text: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setUrl(null);
    if (text) {
      QRCode.toDataURL(text, { margin: 1, width: 176, errorCorrectionLevel: 'M' })
        .then((data) => live && setUrl(data))
        .catch(() => live && setUrl(null));
    }
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

/** The player's deposit address on each network the server offers, as text, QR code and copy button. */
export function DepositAddressCard({ networks }: { networks: (WithdrawalNetwork & { assets: string[] })[] }) {
  const [network, setNetwork] = useState<string>(networks[0]?.id ?? '');
  const address = trpc.wallet.depositAddress.useQuery({ network }, { retry: false, enabled: network !== '' });
  const qr = useQrDataUrl(address.data?.address);
  const info = networks.find((item) => item.id === network);
  const label = info ? networkLabel(info) : network;

  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" aria-labelledby="deposit-title" component="section">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="deposit-title">
          Deposit
        </Title>
        {/* A list, not a segmented control: an operator may configure many networks with long names. */}
        <Select
          label="Network"
          value={network}
          onChange={(value) => value && setNetwork(value)}
          data={networks.map((item) => ({ value: item.id, label: networkOptionLabel(item) }))}
          allowDeselect={false}
          maw={360}
        />
        <ErrorAlert error={address.error} title="No deposit address" />
        {address.isPending ? (
          <Skeleton height={176} radius="md" />
        ) : address.data ? (
          <Group align="flex-start" wrap="wrap" gap="lg">
            {qr ? (
              <Image
                src={qr}
                w={176}
                h={176}
                radius="sm"
                alt={`QR code of your ${label} deposit address`}
                data-testid="deposit-qr"
              />
            ) : (
              <Skeleton height={176} width={176} radius="sm" />
            )}
            <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
              <Text size="sm" c="dimmed">
                Your {label === info?.name ? label : `${info?.name ?? network} (${network})`} address for{' '}
                {address.data.assets.join(', ')}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text
                  ff="monospace"
                  size="sm"
                  fw={600}
                  style={{ wordBreak: 'break-all' }}
                  data-testid="deposit-address"
                >
                  {address.data.address}
                </Text>
                <CopyButton value={address.data.address} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy address'} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={copied ? 'Copied' : 'Copy address'}
                      >
                        {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} aria-hidden />} p="xs">
                Send only {address.data.assets.join(' or ')} on {label}. A deposit is credited after{' '}
                {address.data.requiredConfirmations} confirmations; USDT and USDC count 1:1 as USD.
              </Alert>
            </Stack>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
