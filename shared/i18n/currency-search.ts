/** Currencies found by the names a page shows them by (the customs and central bank rates' searches). */
import { currencyName } from './language';

/**
 * A text as a visitor may type it, for comparing names: without case, Latin accents ("dolar" for "dólar"),
 * Arabic short vowels, hamza forms and elongation ("امريكي" for "أمريكي"), and extra spaces. Bengali vowel
 * signs stay: they are letters of the word, not accents.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The ISO 4217 codes the browser can name (empty where it cannot list them). */
export function knownCurrencyCodes(): string[] {
  try {
    const supported = (Intl as { supportedValuesOf?: (key: 'currency') => string[] }).supportedValuesOf;
    return supported ? supported('currency') : [];
  } catch {
    return [];
  }
}

/** Of the codes given (every ISO code by default), those whose name in the language contains the text. */
export function codesNamed(text: string, language: string, codes: string[] = knownCurrencyCodes()): string[] {
  const wanted = foldText(text);
  if (!wanted) return [];
  return codes.filter((code) => {
    const name = currencyName(code, language);
    return name !== null && name !== code && foldText(name).includes(wanted);
  });
}

/**
 * The codes a search text names on a page beyond what the services match themselves (code, English name,
 * the tenant's translation): the currencies' names the tables show in the page language. None on English
 * pages, where the shown name is the reference one.
 */
export function codesNamedOnPage(text: string, language: string): string[] {
  return language === 'en' ? [] : codesNamed(text, language);
}
