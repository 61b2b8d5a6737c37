import { useCallback, useEffect, useState } from 'react';

export type Remote<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * Loads on mount and again whenever `load` changes (pass a stable function, e.g. `api.themes`, or one
 * from useCallback); `retry` loads again. An answer for an earlier `load` is never shown for a later one.
 */
export function useRemote<T>(load: () => Promise<T>): [Remote<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ load: () => Promise<T>; attempt: number; state: Remote<T> } | null>(null);

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setAnswer({ load, attempt, state: { status: 'ready', data } }),
      () => live && setAnswer({ load, attempt, state: { status: 'error' } }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const current = answer?.load === load && answer.attempt === attempt ? answer.state : { status: 'loading' as const };
  return [current, retry];
}
