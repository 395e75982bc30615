import { TextInput, type TextInputProps } from '@mantine/core';

/** The step-up code field of forms that move money or lock the account: an authenticator code or a recovery code. */
export function TwoFactorCodeInput(props: TextInputProps) {
  return (
    <TextInput
      label="Two-factor code"
      description="The 6-digit code from your authenticator app, or a recovery code"
      autoComplete="one-time-code"
      inputMode="numeric"
      {...props}
    />
  );
}
