import { Paper, Stack, Switch, Title } from '@mantine/core';
import { ErrorAlert } from '../../components/ErrorAlert';
import { trpc } from '../../trpc';

/** Settings: the player may opt out of promotions; none is then shown or granted to them, and boards leave them off. */
export function PromotionsOptOutCard() {
  const utils = trpc.useUtils();
  const optOut = trpc.promotions.optOut.useQuery();
  const setOptOut = trpc.promotions.setOptOut.useMutation({
    onSuccess: (data) => {
      utils.promotions.optOut.setData(undefined, data);
      void utils.promotions.overview.invalidate();
    },
  });
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)" component="section" aria-labelledby="promotions-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="promotions-title">
          Promotions
        </Title>
        <Switch
          label="Don't offer me promotions"
          description="No races, promo codes or reloads are shown or granted to you, and you are left off race boards."
          checked={optOut.data?.optedOut ?? false}
          disabled={!optOut.data || setOptOut.isPending}
          onChange={(event) => setOptOut.mutate({ optedOut: event.currentTarget.checked })}
          data-testid="promotions-opt-out-switch"
        />
        <ErrorAlert error={setOptOut.error} title="Could not save the setting" />
      </Stack>
    </Paper>
  );
}
