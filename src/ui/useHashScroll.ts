import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Scrolls to the element named by the URL hash once the page has rendered it (deep links like /privacy#cookies). */
export function useHashScroll(ready = true): void {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(hash);
    if (target instanceof HTMLDetailsElement) target.open = true;
    target?.scrollIntoView({ block: 'start' });
  }, [hash, ready]);
}
