import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** What a route shows while its code or data loads. */
export function RouteLoading() {
  return (
    <Stack gap="md" role="status" aria-live="polite" data-testid="route-loading">
      <VisuallyHidden>Loading page…</VisuallyHidden>
      <Skeleton height={34} width="40%" radius="md" />
      <Skeleton height={180} radius="lg" />
      <Skeleton height={18} width="70%" />
      <Skeleton height={18} width="55%" />
    </Stack>
  );
}
