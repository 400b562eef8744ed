import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { referenceApi, SUGGEST_MIN_LENGTH, type ReferenceRecord } from './reference';

const NONE: ReferenceRecord[] = [];

/**
 * Records of a reference table matching typed text (the lookup rule of SPEC section 5), looked up a
 * moment after typing stops and once the text holds enough characters. A failed lookup gives none.
 */
export function useReferenceLookup(entity: string | null, text: string, translated: boolean, max = 10, language = 'en'): ReferenceRecord[] {
  const [typed, setTyped] = useState<string | null>(null);
  const enough = entity !== null && text.trim().length >= SUGGEST_MIN_LENGTH;
  useEffect(() => {
    if (!enough) return setTyped(null);
    const timer = window.setTimeout(() => setTyped(text), 250);
    return () => window.clearTimeout(timer);
  }, [enough, text]);
  const { data } = referenceApi.useReferenceLookupQuery(
    enough && entity && typed !== null ? { entity, text: typed, translated, max, language } : skipToken,
  );
  return enough ? (data ?? NONE) : NONE;
}
