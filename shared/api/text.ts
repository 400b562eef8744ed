/** Text as the portal and the services read what a visitor writes. */

/**
 * The part of a text that shows, trimmed: control characters (NUL, DEL, escapes) and invisible ones (zero-width
 * characters, bidi marks) left out, tabs and line breaks read as spaces. Blank text has none.
 */
export const visibleText = (value: string): string =>
  value.replace(/[\p{Cc}\p{Cf}]/gu, (character) => (/\s/.test(character) ? ' ' : '')).trim();

/**
 * A text as it can be stored and shown: control characters (NUL, DEL, escapes), which a field does not show and
 * a database may refuse, left out; tabs and line breaks kept.
 */
export const withoutControls = (value: string): string =>
  value.replace(/\p{Cc}/gu, (character) => (/[\t\n\r]/.test(character) ? character : ''));

/** Whether a text holds half of a character (a lone surrogate, which JSON's \u escapes can send): it is not text. */
export const hasLoneSurrogate = (value: string): boolean => /\p{Cs}/u.test(value);
