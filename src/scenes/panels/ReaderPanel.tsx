import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabbableIn, trapTab, useFocusInside } from './focus';

export interface ReaderPanelProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Extra class on the dialog, e.g. `rp-panel--wide`. */
  className?: string;
}

/**
 * The frame every reader panel shares: a dimmed backdrop over the stage and a modal dialog with its
 * title and a Close button. Focus moves into the panel on open (the first control after Close, else
 * the panel), stays inside while it is open and goes back where it was on close. Escape closes it;
 * so does a press on the backdrop.
 */
export function ReaderPanel({ title, onClose, children, className }: ReaderPanelProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLElement>(null);
  useFocusInside(dialogRef, (root) => tabbableIn(root).find((element) => !element.classList.contains('rp-close')));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      // The panel consumed it: the reader must not also act on this Escape.
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    trapTab(event, dialogRef.current);
  };

  return (
    <div
      className="rp-overlay"
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <section
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={className ? `rp-panel ${className}` : 'rp-panel'}
        onKeyDown={onKeyDown}
      >
        <header className="rp-panel__header">
          <h2 id={titleId} className="rp-panel__title">
            {title}
          </h2>
          <button type="button" className="rp-close" onClick={onClose}>
            <span className="rp-close__icon" aria-hidden="true">
              ✕
            </span>
            <span>Close</span>
          </button>
        </header>
        {children}
      </section>
    </div>
  );
}
