/** A number in the page's language, a dash for none. */
export const number = (value: number | null, language: string, digits = 6) =>
  value === null ? '—' : new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
