import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../../net/api';
import { ApiError } from '../../net/http';
import type { User } from '../../shared/api';
import { refreshUser } from '../../state/auth';
import { Alert, Field, NewPasswordFields, newPasswordProblem, PasswordField } from '../forms';

/** A request's failure in words: the server's detail when it answered, a generic line when it did not. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.message ? error.message : fallback;
}

/** Account page "Security": the password and the e-mail address, each behind its own Change button. */
export function SecuritySettings({ user }: { user: Pick<User, 'email' | 'pending_email'> }) {
  return (
    <section className="card settings-card" aria-labelledby="security-heading">
      <h2 id="security-heading">Security</h2>
      <ChangePassword />
      <ChangeEmail email={user.email} pending={user.pending_email ?? null} />
    </section>
  );
}

/** One setting: its name and state on the left, its button on the right, its form below when open. */
function SettingRow({
  title,
  summary,
  action,
  open,
  onOpen,
  children,
}: {
  title: string;
  summary: ReactNode;
  action: string;
  open: boolean;
  onOpen: () => void;
  children: ReactNode;
}) {
  const panelId = useId();
  return (
    <div className="setting">
      <div className="setting-head">
        <div>
          <h3>{title}</h3>
          <div className="setting-summary">{summary}</div>
        </div>
        {!open && (
          <button type="button" className="btn btn-secondary btn-small" aria-expanded={false} aria-controls={panelId} onClick={onOpen}>
            {action}
          </button>
        )}
      </div>
      <div id={panelId}>{children}</div>
    </div>
  );
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

function ChangePassword() {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const close = () => {
    setOpen(false);
    setCurrent('');
    setNext('');
    setConfirm('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === 'saving') return;
    const problem = newPasswordProblem(next, confirm, 'register');
    if (problem) return setStatus({ kind: 'error', message: problem });
    setStatus({ kind: 'saving' });
    try {
      const { message } = await api.changePassword(current, next);
      close();
      setStatus({ kind: 'done', message });
    } catch (error) {
      setStatus({ kind: 'error', message: failureMessage(error, 'Failed to change your password. Please try again.') });
    }
  };

  return (
    <SettingRow
      title="Password"
      summary={<p className="muted">Changing it signs you out on every other device.</p>}
      action="Change password"
      open={open}
      onOpen={() => {
        setStatus({ kind: 'idle' });
        setOpen(true);
      }}
    >
      {status.kind === 'done' && <Alert kind="success">{status.message}</Alert>}
      {open && (
        <form className="settings-form" onSubmit={submit} aria-label="Change password">
          {status.kind === 'error' && <Alert kind="error">{status.message}</Alert>}
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <NewPasswordFields password={next} confirm={confirm} onPassword={setNext} onConfirm={setConfirm} />
          <div className="form-buttons">
            <button type="button" className="btn btn-ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={status.kind === 'saving' || !current || !next || !confirm}>
              {status.kind === 'saving' ? 'Saving…' : 'Change password'}
            </button>
          </div>
        </form>
      )}
    </SettingRow>
  );
}

function ChangeEmail({ email, pending }: { email: string; pending: string | null }) {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [cancelling, setCancelling] = useState(false);

  const close = () => {
    setOpen(false);
    setAddress('');
    setPassword('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === 'saving') return;
    setStatus({ kind: 'saving' });
    try {
      const { message } = await api.changeEmail(address, password);
      close();
      setStatus({ kind: 'done', message });
      await refreshUser().catch(() => undefined);
    } catch (error) {
      setStatus({ kind: 'error', message: failureMessage(error, 'Failed to change your email. Please try again.') });
    }
  };

  const cancelChange = async () => {
    setCancelling(true);
    try {
      await api.cancelEmailChange();
      setStatus({ kind: 'idle' });
      await refreshUser().catch(() => undefined);
    } catch (error) {
      setStatus({ kind: 'error', message: failureMessage(error, 'Failed to cancel the change. Please try again.') });
    } finally {
      setCancelling(false);
    }
  };

  return (
    <SettingRow
      title="Email address"
      summary={<p className="muted setting-value">{email}</p>}
      action="Change email"
      open={open}
      onOpen={() => {
        setStatus({ kind: 'idle' });
        setOpen(true);
      }}
    >
      {pending && (
        <div className="pending-email" role="status">
          <p>
            Waiting for confirmation: we sent a link to <strong>{pending}</strong>. Your email changes to it when you open
            that link (within 24 hours); until then you sign in with {email}.
          </p>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void cancelChange()} disabled={cancelling}>
            {cancelling ? 'Cancelling…' : 'Cancel change'}
          </button>
        </div>
      )}
      {status.kind === 'done' && !pending && <Alert kind="success">{status.message}</Alert>}
      {!open && status.kind === 'error' && <Alert kind="error">{status.message}</Alert>}
      {open && (
        <form className="settings-form" onSubmit={submit} aria-label="Change email">
          {status.kind === 'error' && <Alert kind="error">{status.message}</Alert>}
          <Field
            label="New email"
            type="email"
            autoComplete="email"
            required
            hint="We will send a link to this address. Your email changes when you open it."
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="form-buttons">
            <button type="button" className="btn btn-ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={status.kind === 'saving' || !address || !password}>
              {status.kind === 'saving' ? 'Sending…' : 'Send confirmation link'}
            </button>
          </div>
        </form>
      )}
    </SettingRow>
  );
}
