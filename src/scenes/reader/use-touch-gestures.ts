import { useEffect, type RefObject } from 'react';

export interface TouchGestures {
  /** Two fingers tapped together: hide the interface. */
  onTwoFingerTap(): void;
  /** A swipe up over the story: the backlog. */
  onSwipeUp(): void;
  /** A swipe down over the story: rollback, one line back. */
  onSwipeDown(): void;
  /** A finger held still on the line's text: that word's popup, in any mode. */
  onLongPress(x: number, y: number): void;
}

/** How far a finger must travel up (px) for a swipe, and how far sideways it may stray. */
const SWIPE_MIN = 60;
const SWIPE_STRAY = 50;
/** A press held this long (ms) without moving more than LONG_PRESS_SLOP px is a long press. */
export const LONG_PRESS_MS = 500;
const LONG_PRESS_SLOP = 10;

/**
 * The reader's touch gestures, over the picture and the dialogue (controls, the toolbar, panels and choices
 * keep their own touches): a two-finger tap hides the interface, a swipe up opens the backlog, a swipe down
 * looks back one line (rollback), and a long press on the line's text looks the word up.
 */
export function useTouchGestures(root: RefObject<HTMLElement | null>, gestures: TouchGestures): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let start: { x: number; y: number } | null = null;
    // Until every finger of a two-finger tap is up: its lifting must not count as a tap (a click) too.
    let twoFingers = false;
    let pressTimer: ReturnType<typeof setTimeout> | undefined;
    // The long press fired: the finger's lifting is not a tap, and the browser's own menu stays shut.
    let pressed = false;
    const cancelPress = () => clearTimeout(pressTimer);
    // Anywhere but a control or a panel (the stage, the text, a notice over the picture).
    const onStory = (target: EventTarget | null) =>
      target instanceof Element && !target.closest('button, a, input, select, textarea, [role="dialog"], [role="toolbar"], .choice-list');
    const onStart = (event: TouchEvent) => {
      cancelPress();
      pressed = false;
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
      const at = start;
      if (at && event.target instanceof Element && event.target.closest('.text-layer')) {
        pressTimer = setTimeout(() => {
          pressed = true;
          start = null;
          gestures.onLongPress(at.x, at.y);
        }, LONG_PRESS_MS);
      }
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (start && touch && Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > LONG_PRESS_SLOP) cancelPress();
    };
    // A finger on the text: the browser's own long-press menu would cover the word's popup.
    const onMenu = (event: Event) => {
      if (pressed || (start && event.target instanceof Element && event.target.closest('.text-layer'))) event.preventDefault();
    };
    const onEnd = (event: TouchEvent) => {
      cancelPress();
      if (pressed) {
        event.preventDefault();
        return;
      }
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
    element.addEventListener('touchmove', onMove, { passive: true });
    element.addEventListener('touchcancel', cancelPress);
    element.addEventListener('contextmenu', onMenu);
    return () => {
      cancelPress();
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchcancel', cancelPress);
      element.removeEventListener('contextmenu', onMenu);
    };
  }, [root, gestures]);
}
