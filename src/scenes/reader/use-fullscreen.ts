import { useCallback, useEffect, useState } from 'react';

/** The page in fullscreen or not (F, the toolbar's Fullscreen), following Escape and the browser's own controls. */
export function useFullscreen(): { active: boolean; toggle(): void } {
  const [active, setActive] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const follow = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const toggle = useCallback(() => {
    // A browser may refuse (an iframe without permission, an old iPhone): the reader simply stays as it is.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);
  return { active, toggle };
}
