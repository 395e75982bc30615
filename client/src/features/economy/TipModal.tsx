import { Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { useRequestIds } from '../../lib/request-id';
import { trpc } from '../../trpc';
import { FormFailure } from '../../components/FormFailure';
import { closeTipModal, useTipModal } from './tip-modal-store';
import { amountInputError } from '../../lib/money';
import { errorCode, errorMessage } from '../../lib/api-error';

/** Send a tip to a player by display name; asks for the 2FA code when the server wants it. */
export function TipModal() {
  const draft = useTipModal();
  const terms = trpc.tips.terms.useQuery(undefined, { enabled: draft !== null, staleTime: 60_000 });
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<'USD' | 'BZU'>('USD');
  const [hidden, setHidden] = useState(false);
  const [otp, setOtp] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = trpc.tips.send.useMutation();
  const requestIds = useRequestIds();

  useEffect(() => {
    if (!draft) return;
    setRecipient(draft.recipient);
    setAmount(draft.amount ?? '');
    setCurrency(draft.currency ?? 'USD');
    setHidden(draft.private ?? false);
    setOtp('');
    setNeedsCode(draft.notice !== undefined);
    setProblem(draft.notice ?? null);
  }, [draft]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amountProblem = amountInputError(amount);
    if (!recipient.trim()) return setProblem('Name the player to tip');
    if (amountProblem) return setProblem(amountProblem);
    setProblem(null);
    try {
      const tip = { recipient: recipient.trim(), amount: amount.trim(), currency, private: hidden };
      const result = await send.mutateAsync({ ...tip, otp: otp.trim() || undefined, requestId: requestIds.for(tip) });
      requestIds.done();
      notifications.show({
        color: 'green',
        message: `You tipped ${result.tip.recipientName} ${result.tip.amount} ${currency}`,
      });
      closeTipModal();
    } catch (error) {
      if (errorCode(error) === 'TWO_FACTOR_REQUIRED') setNeedsCode(true);
      setProblem(errorMessage(error));
    }
  }

  const limits = terms.data;
  return (
    <Modal opened={draft !== null} onClose={closeTipModal} title="Send a tip" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Player"
            value={recipient}
            onChange={(event) => setRecipient(event.currentTarget.value)}
            data-autofocus={!recipient || undefined}
          />
          <SegmentedControl
            value={currency}
            onChange={(value) => setCurrency(value as 'USD' | 'BZU')}
            data={['USD', 'BZU']}
            aria-label="Currency"
          />
          <TextInput
            label={`Amount (${currency})`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            data-autofocus={recipient ? true : undefined}
          />
          {limits ? (
            <Text size="xs" c="dimmed">
              Minimum {limits.minimum[currency]} {currency}; up to {limits.dailyCap[currency]} {currency} per 24 hours;
              tips above {limits.twoFactorAbove[currency]} {currency} need your 2FA code when 2FA is on.
            </Text>
          ) : null}
          <Checkbox
            label="Hide this tip from the chat"
            checked={hidden}
            onChange={(event) => setHidden(event.currentTarget.checked)}
          />
          {needsCode ? (
            <TextInput
              label="2FA code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={otp}
              onChange={(event) => setOtp(event.currentTarget.value)}
            />
          ) : null}
          <FormFailure message={problem} variant="light" />
          <Group justify="flex-end">
            <Button variant="default" onClick={closeTipModal}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send tip
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
