import { useEffect, useState } from 'react';

export interface RequestState<T> {
  data: T | null;
  loading: boolean;
  /** The error of the last attempt, if it failed. */
  error: unknown;
}

/** Runs a request when its key changes and keeps its data, loading and error state. */
export function useRequest<T>(key: string | null, request: () => Promise<T>): RequestState<T> {
  const [state, setState] = useState<RequestState<T>>({ data: null, loading: key !== null, error: null });
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState({ data: null, loading: true, error: null });
    request().then(
      (data) => current && setState({ data, loading: false, error: null }),
      (error: unknown) => current && setState({ data: null, loading: false, error }),
    );
    return () => {
      current = false;
    };
    // The key says when to run again; the request closure changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
