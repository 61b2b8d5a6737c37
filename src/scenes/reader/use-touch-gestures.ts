import { useEffect, type RefObject } from 'react';

export interface TouchGestures {
  /** Two fingers tapped together: hide the interface. */
  onTwoFingerTap(): void;
  /** A swipe up over the story: the backlog. */
  onSwipeUp(): void;
  /** A swipe down over the story: rollback, one line back. */
  onSwipeDown(): void;
}

/** How far a finger must travel up (px) for a swipe, and how far sideways it may stray. */
const SWIPE_MIN = 60;
const SWIPE_STRAY = 50;

/**
 * The reader's touch gestures, over the picture and the dialogue (controls, the toolbar, panels and choices
 * keep their own touches): a two-finger tap hides the interface, a swipe up opens the backlog, a swipe down
 * looks back one line (rollback).
 */
export function useTouchGestures(root: RefObject<HTMLElement | null>, gestures: TouchGestures): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let start: { x: number; y: number } | null = null;
    // Until every finger of a two-finger tap is up: its lifting must not count as a tap (a click) too.
    let twoFingers = false;
    // Anywhere but a control or a panel (the stage, the text, a notice over the picture).
    const onStory = (target: EventTarget | null) =>
      target instanceof Element && !target.closest('button, a, input, select, textarea, [role="dialog"], [role="toolbar"], .choice-list');
    const onStart = (event: TouchEvent) => {
      if (!onStory(event.target)) return;
      if (event.touches.length === 2) {
        start = null;
        twoFingers = true;
        event.preventDefault();
        gestures.onTwoFingerTap();
        return;
      }
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      if (twoFingers) {
        event.preventDefault();
        if (event.touches.length === 0) twoFingers = false;
        return;
      }
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      start = null;
      if (Math.abs(dy) < SWIPE_MIN || Math.abs(dx) > SWIPE_STRAY) return;
      // The tap that would follow must not also move the story on.
      event.preventDefault();
      if (dy < 0) gestures.onSwipeUp();
      else gestures.onSwipeDown();
    };
    element.addEventListener('touchstart', onStart, { passive: false });
    element.addEventListener('touchend', onEnd, { passive: false });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchend', onEnd);
    };
  }, [root, gestures]);
}
