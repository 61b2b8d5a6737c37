import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError } from '../net/http';
import { api } from '../net/api';
import { auth } from '../state/auth';
import { Dialog } from './Dialog';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'error'; message: string };

/** SPEC §4: the resend status returns to idle after this long. */
export const RESEND_STATUS_MS = 5000;

/**
 * SPEC §2/§8 e-mail verification modal: shown when the server refuses an action until the e-mail is verified.
 * A modal dialog (focus moved in and kept there, Escape or the close button closes it, focus returns to where
 * it was) with a resend button whose states are those of SPEC §4 and whose messages are those of SPEC §8.
 */
export function VerificationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <VerificationDialog onClose={onClose} /> : null;
}

function VerificationDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSnapshot(auth);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const resendRef = useRef<HTMLButtonElement>(null);

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

  return (
    <Dialog
      title="Verify your email to create stories"
      icon="✉"
      className="verification-modal"
      initialFocus={resendRef}
      onClose={onClose}
      description={
        <>
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
        </>
      }
    >
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
    </Dialog>
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
