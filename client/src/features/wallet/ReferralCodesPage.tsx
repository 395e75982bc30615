import { REFERRAL_CODE_MESSAGE, REFERRAL_CODE_PATTERN } from '../../../../server/src/domain/auth/auth.schemas';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconUsers } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/datetime';
import { formatAmount, fractionToPercent } from '../../lib/money';
import { ErrorAlert } from '../../components/ErrorAlert';

/** The server's rule (account.referrals.createCode): 3-20 letters and digits, or empty for a random code. */
export function referralCodeError(code: string): string | null {
  const trimmed = code.trim();
  if (trimmed === '') return null;
  return REFERRAL_CODE_PATTERN.test(trimmed) ? null : REFERRAL_CODE_MESSAGE;
}

/** USD always, BZU only when there is some: "12.50 USD", with what was claimed of it. */
function PerCurrency({
  values,
  claimed,
}: {
  values: { USD: string; BZU: string };
  claimed?: { USD: string; BZU: string };
}) {
  const currencies = (['USD', 'BZU'] as const).filter(
    (currency) => currency === 'USD' || !/^0(\.0*)?$/.test(values[currency]),
  );
  return (
    <Stack gap={0}>
      {currencies.map((currency) => (
        <Text key={currency} size="sm" ff="monospace">
          {formatAmount(values[currency], currency)} {currency}
          {claimed ? ` (${formatAmount(claimed[currency], currency)})` : ''}
        </Text>
      ))}
    </Stack>
  );
}

export function ReferralCodesPage() {
  const utils = trpc.useUtils();
  const summary = trpc.account.referrals.summary.useQuery();
  const codes = trpc.account.referrals.codes.useQuery();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = trpc.account.referrals.createCode.useMutation({
    onSuccess: () => {
      setCode('');
      void utils.account.referrals.codes.invalidate();
    },
  });
  const claim = trpc.account.referrals.claim.useMutation({
    onSuccess: () => {
      void utils.account.referrals.summary.invalidate();
      void utils.wallet.balances.invalidate();
      void utils.wallet.transactions.invalidate();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const error = referralCodeError(code);
    setProblem(error);
    if (error) return;
    create.mutate(code.trim() ? { code: code.trim() } : {});
  }

  const claimable = summary.data?.claimable;
  const nothingToClaim = !claimable || (/^0(\.0*)?$/.test(claimable.USD) && /^0(\.0*)?$/.test(claimable.BZU));

  return (
    <Stack gap="lg">
      <PageHeader title="Referral codes" />
      <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="commission-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="commission-title">
            Commission
          </Title>
          <ErrorAlert error={summary.error} title="Could not load your commission" />
          {summary.isPending ? (
            <Skeleton height={60} />
          ) : claimable ? (
            <>
              <Text size="sm" c="dimmed">
                Your commission rate is {fractionToPercent(summary.data?.rate ?? '0')}% of the house edge on what the
                players you refer wager. Claimed commission moves into your cash balance.
              </Text>
              <SimpleGrid cols={2}>
                {(['USD', 'BZU'] as const).map((currency) => (
                  <Stack key={currency} gap={0}>
                    <Text size="sm" c="dimmed">
                      Claimable {currency}
                    </Text>
                    <Text fz="xl" fw={700} ff="monospace" data-testid={`claimable-${currency}`}>
                      {formatAmount(claimable[currency], currency)}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            </>
          ) : null}
          <ErrorAlert error={claim.error} title="Nothing claimed" />
          {claim.data ? (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
              Claimed {formatAmount(claim.data.claimed.USD, 'USD')} USD and{' '}
              {formatAmount(claim.data.claimed.BZU, 'BZU')} BZU into your balance.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={() => claim.mutate()} loading={claim.isPending} disabled={nothingToClaim}>
              Claim commission
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="codes-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="codes-title">
            Your codes
          </Title>
          <form onSubmit={submit} noValidate>
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                aria-label="New referral code"
                placeholder="Your code (3-20 letters and digits), or leave empty for a random one"
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={problem}
                maxLength={16}
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={create.isPending}>
                Create code
              </Button>
            </Group>
          </form>
          <ErrorAlert error={create.error} title="Code not created" />
          <ErrorAlert error={codes.error} title="Could not load your codes" />
          {codes.isPending ? (
            <Skeleton height={80} />
          ) : codes.data && codes.data.length > 0 ? (
            // Its own sideways scroll: six columns are wider than a phone, and the page must not be.
            <Table.ScrollContainer minWidth={560} type="native">
              <Table striped data-testid="referral-codes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th ta="right">Sign-ups</Table.Th>
                    <Table.Th ta="right">Wagered</Table.Th>
                    <Table.Th ta="right">Commission (claimed)</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {codes.data.map((row) => (
                    <Table.Tr key={row.code}>
                      <Table.Td ff="monospace" fw={600}>
                        {row.code}
                      </Table.Td>
                      <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                      <Table.Td ta="right">{row.signups}</Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        <PerCurrency values={row.wagered} />
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        <PerCurrency values={row.commission.accrued} claimed={row.commission.claimed} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <CopyButton value={row.code}>
                          {({ copied, copy }) => (
                            <Button size="xs" variant="subtle" onClick={copy} aria-label={`Copy code ${row.code}`}>
                              {copied ? 'Copied' : 'Copy'}
                            </Button>
                          )}
                        </CopyButton>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : codes.data ? (
            <PlaceholderState
              icon={IconUsers}
              title="No referral codes yet"
              description="Create a code and share it; new players sign up with it."
            />
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
