import type { ReactNode } from 'react';
import { Spinner } from '../../ui/Spinner';
import type { Remote } from '../../ui/use-remote';

interface ExplanationBodyProps<T> {
  explanation: Remote<T>;
  retry(): void;
  isEmpty(explanation: T): boolean;
  children(explanation: T): ReactNode;
  /** The scrolling region's name. */
  label?: string;
}

/**
 * A popup's body through its states (SPEC §8): Loading explanation..., the failure, the empty text, the
 * explanation. It scrolls when long, so it takes keyboard focus (Tab, then the arrow keys scroll it) and
 * has a name to be announced by.
 */
export function ExplanationBody<T>({ explanation, retry, isEmpty, children, label = 'Explanation' }: ExplanationBodyProps<T>) {
  return (
    <div className="rp-popup__body" role="region" aria-label={label} tabIndex={0}>
      {explanation.status === 'loading' ? (
        <Spinner label="Loading explanation..." />
      ) : explanation.status === 'error' ? (
        <div className="rp-failure" role="alert">
          <p>Failed to load explanation</p>
          <button type="button" className="rp-button rp-button--small" onClick={retry}>
            Try again
          </button>
        </div>
      ) : isEmpty(explanation.data) ? (
        <p className="rp-empty">No explanation available</p>
      ) : (
        children(explanation.data)
      )}
    </div>
  );
}
