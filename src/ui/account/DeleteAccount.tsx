import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../net/api';
import { DELETE_CONFIRMATION, type Subscription } from '../../shared/api';
import { Dialog } from '../Dialog';
import { Alert, Field, PasswordField } from '../forms';
import { failureMessage } from './SecuritySettings';

/** Pro that the provider will charge again: deleting the account would not stop it, so it is cancelled first. */
export function stillRenews(subscription: Subscription): boolean {
  return subscription.tier === 'pro' && !subscription.cancel_at_period_end && subscription.renewal_date !== null;
}

/**
 * Account page danger zone. `onDeleted` runs once the server has deleted the account (every session is gone
 * with it); `onLeave` when the learner closes the goodbye, to sign out locally and leave the page.
 */
export function DeleteAccount({
  subscription,
  onDeleted,
  onLeave,
}: {
  subscription: Subscription;
  onDeleted: () => void;
  onLeave: () => void;
}) {
  const [open, setOpen] = useState(false);
  const renews = stillRenews(subscription);
  return (
    <section className="card danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p>
        Deleting your account removes it and everything in it at once: your stories, saves, word and grammar history,
        usage and plan. It cannot be undone. If you want a copy, download your data first.
      </p>
      {renews && (
        <Alert kind="info">
          Your Pro plan renews automatically. Cancel it in Manage Billing first; once it is set to end, you can delete
          your account.
        </Alert>
      )}
      <div className="danger-actions">
        <button type="button" className="btn btn-danger" disabled={renews} onClick={() => setOpen(true)}>
          Delete my account…
        </button>
      </div>
      {open && <DeleteDialog onClose={() => setOpen(false)} onDeleted={onDeleted} onLeave={onLeave} />}
    </section>
  );
}

function DeleteDialog({ onClose, onDeleted, onLeave }: { onClose: () => void; onDeleted: () => void; onLeave: () => void }) {
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState<{ kind: 'idle' | 'deleting' | 'deleted' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  const formRef = useRef<HTMLFormElement>(null);
  const confirmed = typed.trim() === DELETE_CONFIRMATION;

  // The password first, not the close button (the dialog's own choice, made in its effect, which runs before this one).
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === 'deleting' || !confirmed || !password) return;
    setStatus({ kind: 'deleting' });
    try {
      await api.deleteAccount(password, typed.trim());
      setStatus({ kind: 'deleted' });
      onDeleted();
    } catch (error) {
      setStatus({ kind: 'error', message: failureMessage(error, 'Failed to delete your account. Please try again.') });
    }
  };

  if (status.kind === 'deleted') {
    return (
      <Dialog
        title="Your account has been deleted"
        icon="✓"
        className="delete-dialog"
        onClose={onLeave}
        description={
          <p>
            Your stories, saves and everything else we kept about you are gone, and you have been signed out on every
            device. Thank you for reading with us.
          </p>
        }
      >
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={onLeave}>
            Go to the home page
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      title="Delete your account?"
      icon="!"
      className="delete-dialog"
      onClose={status.kind === 'deleting' ? () => undefined : onClose}
      description={<p>This deletes your account and all of its data right away. It cannot be undone.</p>}
    >
      <form ref={formRef} onSubmit={submit} aria-label="Delete account">
        {status.kind === 'error' && <Alert kind="error">{status.message}</Alert>}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Field
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={status.kind === 'deleting'}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={status.kind === 'deleting' || !confirmed || !password}>
            {status.kind === 'deleting' ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
