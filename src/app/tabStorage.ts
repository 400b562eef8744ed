/**
 * What a tool keeps for the browser tab (sessionStorage: per tab, gone when it closes), so that a reload or a
 * change of language loses nothing the visitor typed. Storage that is blocked or full is no error: the tool
 * then works for this visit of the page only.
 */

/** The storage of the tab, when the browser lets the page use it (not during the site's build, nor where it is blocked). */
function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The value kept under a key, when there is one and `accept` takes it (it checks the shape of what was read). */
export function loadFromTab<T>(key: string, accept: (value: unknown) => T | null): T | null {
  try {
    const text = tabStorage()?.getItem(key);
    return text ? accept(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** Keeps a value under a key for this tab; null removes it. */
export function saveToTab(key: string, value: unknown): void {
  try {
    const storage = tabStorage();
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: nothing is kept.
  }
}
