/**
 * A tool whose search is in the address: shown on arrival (a reload, a link) and again on Back and Forward;
 * each new search the visitor asks for is a history entry of its own.
 */
import { useEffect, type DependencyList } from 'react';

/** Calls `show` with the address's search on arrival (`arrival` true) and after each Back or Forward. */
export function useAddressedSearch(show: (arrival: boolean) => void, deps: DependencyList): void {
  useEffect(() => {
    show(true);
    const onPop = () => show(false);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
    // The caller names what `show` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

/** Puts a search's query string in the address: a new entry when it differs (`push`), else in place. */
export function showInAddress(query: string, push: boolean): void {
  const address = `${window.location.pathname}${query}${window.location.hash}`;
  if (push && address !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
    window.history.pushState(null, '', address);
  else window.history.replaceState(window.history.state, '', address);
}
