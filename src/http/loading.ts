import { useEffect, useState, useSyncExternalStore } from 'react';

/** SPEC section 9: a load still running after this long gets a notice. */
export const DELAYED_LOAD_MS = 1000;

/**
 * What is loading right now, for the delayed-load notice: the tools' requests in flight (counted by the
 * HTTP client) and a page whose load Gatsby's runtime reported as delayed.
 */
let requests = 0;
let pageDelayed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export const loadingStatus = {
  requestStarted(): void {
    requests += 1;
    changed();
  },
  requestEnded(): void {
    requests = Math.max(0, requests - 1);
    changed();
  },
  /** Gatsby's onRouteUpdateDelayed: the next page has been loading for a second. */
  pageDelayed(): void {
    pageDelayed = true;
    changed();
  },
  /** Gatsby's onRouteUpdate: the page arrived. */
  pageArrived(): void {
    pageDelayed = false;
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  busy: () => requests > 0,
  pageLoadDelayed: () => pageDelayed,
};

const never = () => false;

/** Whether a load has been running for DELAYED_LOAD_MS or more (a request in flight that long, or a delayed page). */
export function useDelayedLoad(): boolean {
  const busy = useSyncExternalStore(loadingStatus.subscribe, loadingStatus.busy, never);
  const page = useSyncExternalStore(loadingStatus.subscribe, loadingStatus.pageLoadDelayed, never);
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!busy) return setLate(false);
    const timer = window.setTimeout(() => setLate(true), DELAYED_LOAD_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);
  return page || (busy && late);
}
