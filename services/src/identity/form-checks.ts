import type { Messages } from './messages.js';
import { FIELD_MAX, format, type FieldError } from './pages.js';

/** What the identity forms check of what is typed (sign-in, registration, password reset). */
const PASSWORD_MIN_LENGTH = 10;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each field that is empty or longer than FIELD_MAX, in the form's order. */
export function fieldErrors(t: Messages, values: Record<string, string>): FieldError[] {
  return Object.entries(values).flatMap(([field, value]): FieldError[] =>
    !value
      ? [{ field, message: t.required }]
      : value.length > (FIELD_MAX[field] ?? 200)
        ? [{ field, message: format(t.tooLong, { count: FIELD_MAX[field] ?? 200 }) }]
        : [],
  );
}

/** What is wrong with a new password and its confirmation (registration, reset). */
export function newPasswordErrors(t: Messages, password: string, confirmation: string): FieldError[] {
  const errors: FieldError[] = [];
  if (password.length < PASSWORD_MIN_LENGTH)
    errors.push({ field: 'password', message: format(t.passwordShort, { count: PASSWORD_MIN_LENGTH }) });
  else if (password.length > FIELD_MAX.password)
    errors.push({ field: 'password', message: format(t.tooLong, { count: FIELD_MAX.password }) });
  if (confirmation !== password) errors.push({ field: 'passwordConfirm', message: t.passwordMismatch });
  return errors;
}
