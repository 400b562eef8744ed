/** Text as the portal and the services read what a visitor writes. */

/**
 * The part of a text that shows, trimmed: control characters (NUL, DEL, escapes) and invisible ones (zero-width
 * characters, bidi marks) left out, tabs and line breaks read as spaces. Blank text has none.
 */
export const visibleText = (value: string): string =>
  value.replace(/[\p{Cc}\p{Cf}]/gu, (character) => (/\s/.test(character) ? ' ' : '')).trim();

/** Whether a text holds half of a character (a lone surrogate, which JSON's \u escapes can send): it is not text. */
export const hasLoneSurrogate = (value: string): boolean => /\p{Cs}/u.test(value);
