/** What the keyword search of the reference service (services/src/search/) takes, as the portal checks it first. */

/** The longest keyword text, in characters. */
export const MAX_KEYWORDS_LENGTH = 2000;

/** The longest text value of a search restriction (description CONTAINS ...), in characters. */
export const MAX_VALUE_LENGTH = 1000;
