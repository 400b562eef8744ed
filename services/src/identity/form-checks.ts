import type { Messages } from './messages.js';
import { FIELD_MAX, format, type FieldError } from './pages.js';

/** What the identity forms check of what is typed (sign-in, registration, password reset). */
const PASSWORD_MIN_LENGTH = 10;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** NUL and the other C0 controls but tab, CR and LF: never part of a parameter of the realm. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * The fields a person types on the realm's forms (sign-in, registration, password reset): a control character
 * pasted in one is said beside it, on the form, with what was typed kept; in any other parameter it is a 400.
 */
export const TYPED_FIELDS: readonly string[] = ['login', 'password', 'passwordConfirm', 'firstName', 'lastName', 'email'];

/** A typed value as the form shows it again: its control characters, which a field cannot show, left out. */
export const shownValue = (value: string): string => value.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), '');

/** Each field that is empty or longer than FIELD_MAX, in the form's order. */
export function fieldErrors(t: Messages, values: Record<string, string>): FieldError[] {
  return Object.entries(values).flatMap(([field, value]): FieldError[] =>
    !value
      ? [{ field, message: t.required }]
      : CONTROL_CHARACTER.test(value)
        ? [{ field, message: t.controlCharacter }]
        : value.length > (FIELD_MAX[field] ?? 200)
          ? [{ field, message: format(t.tooLong, { count: FIELD_MAX[field] ?? 200 }) }]
          : [],
  );
}

/** What is wrong with a new password and its confirmation (registration, reset). */
export function newPasswordErrors(t: Messages, password: string, confirmation: string): FieldError[] {
  const errors: FieldError[] = [];
  if (CONTROL_CHARACTER.test(password)) errors.push({ field: 'password', message: t.controlCharacter });
  else if (password.length < PASSWORD_MIN_LENGTH)
    errors.push({ field: 'password', message: format(t.passwordShort, { count: PASSWORD_MIN_LENGTH }) });
  else if (password.length > FIELD_MAX.password)
    errors.push({ field: 'password', message: format(t.tooLong, { count: FIELD_MAX.password }) });
  if (CONTROL_CHARACTER.test(confirmation)) errors.push({ field: 'passwordConfirm', message: t.controlCharacter });
  else if (confirmation !== password) errors.push({ field: 'passwordConfirm', message: t.passwordMismatch });
  return errors;
}
