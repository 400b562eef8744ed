import { tenant } from '@guichet/shared/config/tenant';
import { codeAsTyped, minimumLengthOf } from '@guichet/shared/i18n/language';
import { MAX_KEYWORDS_LENGTH } from '@guichet/shared/api/search';

export interface ValidationError {
  key: string;
  count?: number;
}

/** The rules of SPEC section 5, with the tenant's minimums. */
export function validateSearch(
  keyword: string,
  code: string,
  minimums: { minCodeDigits: number; minKeywordLength: number } = tenant.tariffSearch,
): ValidationError | null {
  const trimmedKeyword = keyword.trim();
  const digits = codeAsTyped(code);
  if (!trimmedKeyword && !digits) return { key: 'validation.keywordOrCode' };
  if (digits && (!/^\d+$/.test(digits) || digits.length < minimums.minCodeDigits))
    return { key: 'validation.codeMinDigits', count: minimums.minCodeDigits };
  const minimum = minimumLengthOf(trimmedKeyword, minimums.minKeywordLength);
  if (trimmedKeyword && trimmedKeyword.length < minimum) return { key: 'validation.keywordMinLength', count: minimum };
  // Counted in characters, as the service counts them.
  if (Array.from(trimmedKeyword).length > MAX_KEYWORDS_LENGTH) return { key: 'validation.keywordMaxLength', count: MAX_KEYWORDS_LENGTH };
  return null;
}
