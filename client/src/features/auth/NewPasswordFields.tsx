import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { passwordsMatch, validPassword } from './auth-validation';

type NewPasswordField = 'password' | 'confirmPassword';

/** The part of a Mantine form the fields bind to: a form whose values have `password` and `confirmPassword`. */
interface NewPasswordForm {
  key(path: NewPasswordField): string;
  getInputProps(path: NewPasswordField): GetInputPropsReturnType;
}

/** The rules of the two fields, for the form's `validate`: a valid password, typed the same way twice. */
export const newPasswordRules = {
  password: validPassword,
  confirmPassword: (value: string, values: { password: string }) => passwordsMatch(value, values.password),
};

/** A new password and its confirmation (registration and reset), with the browser told it is a new password. */
export function NewPasswordFields({ form, passwordLabel }: { form: NewPasswordForm; passwordLabel: string }) {
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        autoComplete="new-password"
        withAsterisk
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        withAsterisk
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
