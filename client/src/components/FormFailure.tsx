import { Alert, type AlertVariant } from '@mantine/core';

/** Why a form was refused, announced to screen readers; nothing while there is no failure. */
export function FormFailure({ message, variant }: { message: string | null | undefined; variant?: AlertVariant }) {
  return message ? (
    <Alert color="red" variant={variant} role="alert">
      {message}
    </Alert>
  ) : null;
}
