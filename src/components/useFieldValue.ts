import { useEffect, useLayoutEffect, useRef, useState } from 'react';

// Layout effects run before the browser paints and before other effects' updates; the server has neither.
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The state of a controlled text field that keeps what the visitor typed before the page became
 * interactive: the server-rendered field takes input at once, and the first render after hydration
 * would otherwise put the empty initial state back into it.
 */
export function useFieldValue(initial = '') {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  useBeforePaint(() => {
    const typed = ref.current?.value;
    if (typed && typed !== initial) setValue(typed);
    // Only once, on hydration.
  }, []);
  return [value, setValue, ref] as const;
}
