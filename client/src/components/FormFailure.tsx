import { Alert } from '@mantine/core';

/** Why a form was refused, announced to screen readers; nothing while there is no failure. */
export function FormFailure({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}
