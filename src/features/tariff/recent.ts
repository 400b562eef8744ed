import { useCallback, useEffect, useState } from 'react';

export interface RecentSearch {
  keyword: string;
  code: string;
}

const STORAGE_KEY = 'guichet.tariff.recent';
const LIMIT = 8;

function read(): RecentSearch[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter((v): v is RecentSearch => typeof v?.keyword === 'string' && typeof v?.code === 'string').slice(0, LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** The last searches, newest first, kept in the browser across visits. */
export function useRecentSearches() {
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  useEffect(() => setRecent(read()), []);
  const remember = useCallback((search: RecentSearch) => {
    const next = [search, ...read().filter((r) => r.keyword !== search.keyword || r.code !== search.code)].slice(0, LIMIT);
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // storage full or disabled: the list just is not kept
    }
    setRecent(next);
  }, []);
  const clear = useCallback(() => {
    window.localStorage.removeItem(STORAGE_KEY);
    setRecent([]);
  }, []);
  return { recent, remember, clear };
}
