import { useEffect, useState, type RefObject } from 'react';
import type { ReaderStage } from '../../engine';

/** Mounts the Pixi stage in `host` for as long as the component lives. Pixi loads only with the reader. */
export function useStage(host: RefObject<HTMLElement | null>): ReaderStage | null {
  const [stage, setStage] = useState<ReaderStage | null>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    let created: ReaderStage | undefined;
    void import('../../engine')
      .then(({ createReaderStage }) => createReaderStage({ host: element }))
      .then((ready) => {
        if (cancelled) return ready.destroy();
        created = ready;
        setStage(ready);
      });
    return () => {
      cancelled = true;
      created?.destroy();
      setStage(null);
    };
  }, [host]);
  return stage;
}
