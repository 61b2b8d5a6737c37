import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { ApiError } from '../net/http';
import { api } from '../net/api';
import { auth } from '../state/auth';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'error'; message: string };

/** SPEC §4: the resend status returns to idle after this long. */
export const RESEND_STATUS_MS = 5000;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * SPEC §2/§8 e-mail verification modal: shown when the server refuses an action until the e-mail is verified.
 * A modal dialog (focus moved in and kept there, Escape or the close button closes it, focus returns to where
 * it was) with a resend button whose states are those of SPEC §4 and whose messages are those of SPEC §8.
 */
export function VerificationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return createPortal(<VerificationDialog onClose={onClose} />, document.body);
}

function VerificationDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSnapshot(auth);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const dialogRef = useRef<HTMLDivElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    resendRef.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  useEffect(() => {
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, [onClose]);

  useEffect(() => {
    if (status.kind !== 'success' && status.kind !== 'error') return;
    const timer = setTimeout(() => setStatus({ kind: 'idle' }), RESEND_STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const resend = async () => {
    if (status.kind === 'sending') return;
    setStatus({ kind: 'sending' });
    try {
      await api.resendVerification();
      setStatus({ kind: 'success' });
    } catch (error) {
      setStatus({ kind: 'error', message: resendFailureMessage(error) });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className="modal verification-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        <div className="modal-icon" aria-hidden="true">
          ✉
        </div>
        <h2 id={titleId}>Verify your email to create stories</h2>
        <div id={descriptionId}>
          <p>
            You need to verify your email address before you can create stories.
            {user?.email ? (
              <>
                {' '}
                We sent a verification link to <strong>{user.email}</strong>.
              </>
            ) : null}
          </p>
          <p className="muted small">Open the link in that email, then come back and start reading. The link expires after 24 hours.</p>
        </div>
        <p role="status" className={`modal-status ${status.kind}`}>
          {status.kind === 'success' && 'Verification email sent successfully!'}
          {status.kind === 'error' && status.message}
        </p>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Not now
          </button>
          <button
            ref={resendRef}
            type="button"
            className="btn btn-primary"
            onClick={() => void resend()}
            // aria-disabled rather than disabled: focus stays on the button while the request runs.
            aria-disabled={status.kind === 'sending' || undefined}
          >
            {status.kind === 'sending' ? 'Sending...' : 'Resend verification email'}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * SPEC §8 resend (modal): the server's refusal detail, or "Failed to resend verification email" when it gave
 * none; a request that never got an answer (network down, time-out) or any other exception is an exception.
 */
export function resendFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return 'An error occurred. Please try again later.';
  if (!error.message || /^HTTP \d+$/.test(error.message)) return 'Failed to resend verification email';
  return error.message;
}
