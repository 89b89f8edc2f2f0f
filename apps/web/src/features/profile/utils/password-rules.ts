import { PASSWORD_MIN_LENGTH } from '@agromet/contracts/web';

/** What is wrong with a password field (docs/console.md#profile-dialogs); the key under `profile.password.`. */
export type PasswordProblem = 'empty' | 'tooShort' | 'mismatch';

/** Current, new and confirmation fields: required, at least 5 characters. */
export function passwordProblem(value: string | undefined | null): PasswordProblem | null {
  if (!value) return 'empty';
  if (value.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  return null;
}

/** The confirmation also has to equal the new password. */
export function confirmationProblem(
  newPassword: string | undefined | null,
  confirmation: string | undefined | null,
): PasswordProblem | null {
  return passwordProblem(confirmation) ?? (confirmation === newPassword ? null : 'mismatch');
}

/** The change succeeded only when the answer's msg is "success". */
export function isPasswordChanged(envelope: { msg?: unknown } | null | undefined): boolean {
  return envelope?.msg === 'success';
}
