import { useCallback, useEffect, useState } from 'react';

export type Remote<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/** Loads once on mount; `retry` loads again. `load` must be a stable function (e.g. `api.themes`). */
export function useRemote<T>(load: () => Promise<T>): [Remote<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return [state, retry];
}
