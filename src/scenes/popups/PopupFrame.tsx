import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useFocusInside } from '../panels/focus';
import { placePopup, type AnchorRect, type Viewport } from './popup-position';

export interface PopupFrameProps {
  anchor: AnchorRect;
  width: number;
  maxHeight: number;
  /** Id of the popup's title. */
  labelledBy: string;
  className?: string;
  onClose(): void;
  children: ReactNode;
}

function readViewport(): Viewport {
  const root = document.documentElement;
  return {
    width: root.clientWidth || window.innerWidth,
    height: root.clientHeight || window.innerHeight,
  };
}

/**
 * A non-modal popup next to a word of the dialogue: placed by `placePopup` from its measured height,
 * kept on screen when the window changes, closed by Escape, by the close button and by a press
 * anywhere outside it. Focus moves in on open and back on close.
 */
export function PopupFrame({ anchor, width, maxHeight, labelledBy, className, onClose, children }: PopupFrameProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState(readViewport);
  const [height, setHeight] = useState(0);
  useFocusInside(ref);

  useEffect(() => {
    const onResize = () => setViewport(readViewport());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && ref.current?.contains(target)) return;
      onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [onClose]);

  const placement = placePopup(anchor, { width, maxHeight: height > 0 ? Math.min(height, maxHeight) : maxHeight }, viewport);
  const style = {
    left: placement.left,
    top: placement.top,
    width: placement.width,
    '--rp-popup-max-height': `${maxHeight}px`,
  } as CSSProperties;

  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      className={className ? `rp-popup ${className}` : 'rp-popup'}
      style={style}
    >
      {children}
    </div>
  );
}

export function PopupCloseButton({ onClose }: { onClose(): void }) {
  return (
    <button type="button" className="rp-popup__close" aria-label="Close" title="Close" onClick={onClose}>
      <span aria-hidden="true">✕</span>
    </button>
  );
}
