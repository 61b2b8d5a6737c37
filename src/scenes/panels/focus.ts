import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
].join(', ');

/** The elements of `root` that Tab reaches, in order. */
export function tabbableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert], [aria-hidden="true"]'),
  );
}

/**
 * Moves focus into the element of `ref` when it mounts (to what `pick` returns, else the element
 * itself) and gives focus back to what had it before once it unmounts, unless the learner has
 * meanwhile put focus somewhere else on purpose.
 */
export function useFocusInside(ref: RefObject<HTMLElement | null>, pick?: (root: HTMLElement) => HTMLElement | null | undefined) {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    if (root && !root.contains(document.activeElement)) (pick?.(root) ?? root).focus({ preventScroll: true });
    return () => {
      const active = document.activeElement;
      const focusWasOurs = !active || active === document.body || (root?.contains(active) ?? false);
      if (focusWasOurs && previous?.isConnected && previous !== document.body) previous.focus({ preventScroll: true });
    };
    // Only on mount and unmount: `pick` is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref]);
}

/** Keeps Tab and Shift+Tab cycling inside `root` (a modal dialog). */
export function trapTab(event: KeyboardEvent, root: HTMLElement | null): void {
  if (event.key !== 'Tab' || !root) return;
  const items = tabbableIn(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    root.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
