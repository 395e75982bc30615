import { Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { trpc } from '../../trpc';

/**
 * A pending withdrawal's risk (issue 43, docs/operations.md "Withdrawal risk"): its score, its five checks, and the
 * review a `risk` staff member gives before `finance` may approve a withdrawal scoring above the threshold. The
 * server refuses such an approval (409 RISK_REVIEW_REQUIRED) whatever the page shows.
 */

/** What each check looks at, in the words an operator uses. */
const CHECK_LABELS: Record<string, string> = {
  'wagered-less-than-deposits': 'Wagered less than deposits',
  'new-address': 'New destination address',
  'withdrawals-last-day': 'Withdrawals in the last day',
  'young-account': 'Account age',
  'shared-address': 'Shared IP or payout address',
  'shared-device': 'Shared device',
};

/**
 * Another staff member's review changes what this page may do, so the assessment is read again now and then; a
 * review given here refreshes it at once.
 */
const RISK_REFRESH_MS = 15_000;

export function useWithdrawalRisk(id: string) {
  return trpc.admin.withdrawals.risk.useQuery({ id }, { refetchInterval: RISK_REFRESH_MS });
}

/** The score, whether it waits for a review (or who cleared it), and every check with its detail. */
export function WithdrawalRiskCell({ id }: { id: string }) {
  const risk = useWithdrawalRisk(id);
  if (risk.error)
    return (
      <Text size="xs" c="red">
        Risk not read
      </Text>
    );
  if (!risk.data)
    return (
      <Text size="xs" c="dimmed">
        …
      </Text>
    );
  const { score, reviewAbove, needsReview, review, checks } = risk.data;
  const color = score > reviewAbove ? 'red' : score > 0 ? 'yellow' : 'green';
  return (
    <Stack gap={2} data-testid="withdrawal-risk">
      <Group gap={6} wrap="nowrap">
        <Badge
          color={color}
          variant="light"
          miw="max-content"
          data-testid="risk-score"
          title={`A review is needed above ${reviewAbove}`}
        >
          Risk {score}
        </Badge>
        {needsReview ? (
          <Text size="xs" c="red" fw={600}>
            needs risk review
          </Text>
        ) : null}
        {review ? (
          <Text size="xs" c="green" data-testid="risk-reviewed" title={review.note}>
            reviewed by {review.reviewerName}
          </Text>
        ) : null}
      </Group>
      {checks.map((check) => (
        <Text
          key={check.check}
          size="xs"
          c={check.flagged ? 'orange' : 'dimmed'}
          fw={check.flagged ? 600 : undefined}
          data-testid={`risk-check-${check.check}`}
          data-flagged={check.flagged}
          title={check.detail}
        >
          {check.flagged ? `⚠ +${check.weight}` : '✓'} {CHECK_LABELS[check.check] ?? check.check}
          {check.flagged ? `: ${check.detail}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/** A risk staff member's review: a note, once per withdrawal, audited. */
export function RiskReviewButton({ id, onReviewed }: { id: string; onReviewed: () => void }) {
  const risk = useWithdrawalRisk(id);
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const review = trpc.admin.withdrawals.review.useMutation({
    onSuccess: () => {
      setOpen(false);
      void utils.admin.withdrawals.risk.invalidate({ id });
      onReviewed();
    },
  });
  // Nothing to review once reviewed; a low score never needs one, but a risk member may still leave a review.
  if (!risk.data || risk.data.review) return null;
  return (
    <>
      <Button
        size="xs"
        variant={risk.data.needsReview ? 'filled' : 'light'}
        color="orange"
        onClick={() => (setNote(''), review.reset(), setOpen(true))}
      >
        Review
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Risk review of withdrawal #${id}`} centered>
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (note.trim()) review.mutate({ id, note: note.trim() });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              Score {risk.data.score}. Clearing it lets finance approve the withdrawal; the note goes to the audit log.
            </Text>
            <Textarea
              label="What you checked"
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
              data-autofocus
            />
            <ErrorAlert error={review.error} title="Not reviewed" />
            <Group justify="flex-end">
              <Button type="submit" color="orange" loading={review.isPending} disabled={!note.trim()}>
                Clear for approval
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/**
 * Approve, disabled while the withdrawal waits for its risk review and while its risk is being read. An assessment
 * that failed to load does not block it: the server checks the review on the approval itself.
 */
export function ApproveButton({ id, loading, onApprove }: { id: string; loading: boolean; onApprove: () => void }) {
  const risk = useWithdrawalRisk(id);
  const blocked = risk.data ? risk.data.needsReview : !risk.isError;
  return (
    <Button
      size="xs"
      color="green"
      loading={loading}
      disabled={blocked}
      title={risk.data?.needsReview ? 'needs risk review' : undefined}
      onClick={onApprove}
    >
      Approve
    </Button>
  );
}
