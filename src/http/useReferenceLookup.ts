import { useEffect, useState } from 'react';
import { lookupRequest, searchReference, SUGGEST_MIN_LENGTH, type ReferenceRecord } from './reference';

/**
 * Records of a reference table matching typed text (the lookup rule of SPEC section 5), looked up a
 * moment after typing stops and once the text holds enough characters. A failed lookup gives none.
 */
export function useReferenceLookup(entity: string | null, text: string, translated: boolean, max = 10, language = 'en'): ReferenceRecord[] {
  const [list, setList] = useState<ReferenceRecord[]>([]);
  useEffect(() => {
    if (!entity || text.trim().length < SUGGEST_MIN_LENGTH) {
      setList([]);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      searchReference(entity, lookupRequest(entity, text, translated, max, language)).then(
        ({ resultList }) => current && setList(resultList),
        () => current && setList([]),
      );
    }, 250);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [entity, text, translated, max, language]);
  return list;
}
