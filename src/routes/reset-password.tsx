import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../net/api';
import { ApiError } from '../net/http';
import { Alert, NewPasswordFields, newPasswordProblem } from '../ui/forms';
import { Spinner } from '../ui/Spinner';
import { publicHead } from '../ui/page-head';
import { optionalString } from '../ui/search-params';

export const Route = createFileRoute('/reset-password')({
  head: () => publicHead('/reset-password'),
  validateSearch: optionalString('token'),
  component: ResetPassword,
});

/** What the server said about a link: usable, or why not (used, expired, unknown). */
type LinkCheck = { token: string; problem: string | null };

/** A refusal that is about the link itself, not about the new password. */
const isLinkProblem = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && /link|token/i.test(error.message);

function ResetPassword() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<'idle' | 'submitting' | 'success' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<LinkCheck | null>(null);

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), 3000);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  // A used or expired link says so at once, instead of after the learner has typed a new password twice.
  // The check uses nothing up; if it cannot be made (network), the form is shown and the reset itself decides.
  useEffect(() => {
    if (!token) return;
    let live = true;
    api.checkPasswordReset(token).then(
      () => live && setCheck({ token, problem: null }),
      (caught: unknown) => live && setCheck({ token, problem: isLinkProblem(caught) ? caught.message : null }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (token && check?.token !== token) {
    return (
      <div className="container narrow-page">
        <div className="card text-center">
          <h1>Choose a new password</h1>
          <Spinner label="Checking your link…" />
        </div>
      </div>
    );
  }

  if (token && check?.problem) {
    const title = /expired/i.test(check.problem)
      ? 'Link expired'
      : /already been used/i.test(check.problem)
        ? 'Link already used'
        : 'Invalid Reset Link';
    return (
      <div className="container narrow-page">
        <div className="card text-center">
          <div className="big-icon" aria-hidden="true">鍵</div>
          <h1>{title}</h1>
          <p className="lead" role="alert">
            {check.problem}
          </p>
          <p className="muted">Reset links work once, for one hour. Ask for a new one and use the newest email.</p>
          <div className="actions">
            <Link to="/forgot-password" className="btn btn-primary">
              Request a new link
            </Link>
            <Link to="/login" className="btn btn-ghost">
              Back to Login
            </Link>
          </div>
        </div>
      </div>
    );
  }

  if (!token) {
    return (
      <div className="container narrow-page">
        <div className="card text-center">
          <div className="big-icon" aria-hidden="true">鍵</div>
          <h1>Invalid Reset Link</h1>
          <p className="lead" role="alert">
            Invalid or missing reset token
          </p>
          <Link to="/forgot-password" className="btn btn-primary">
            Request a new link
          </Link>
        </div>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm, 'reset');
    if (problem) {
      setError(problem);
      setState('error');
      return;
    }
    setState('submitting');
    setError(null);
    try {
      await api.confirmPasswordReset(token, password);
      setState('success');
    } catch (caught) {
      // Used up (another tab) or expired while the form was open: show the same screen as on load.
      if (isLinkProblem(caught)) return setCheck({ token, problem: caught.message });
      setError(
        caught instanceof ApiError && caught.status !== 0
          ? caught.message || 'Failed to reset password'
          : 'An error occurred. Please try again later.',
      );
      setState('error');
    }
  };

  return (
    <div className="container narrow-page">
      <div className="card">
        <h1>Choose a new password</h1>
        {state === 'success' ? (
          <Alert kind="success">Your password has been reset. Taking you to sign in…</Alert>
        ) : (
          <form onSubmit={onSubmit}>
            {error && <Alert kind="error">{error}</Alert>}
            <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
            <button
              className="btn btn-primary btn-block"
              type="submit"
              disabled={state === 'submitting' || !password || !confirm}
            >
              {state === 'submitting' ? 'Saving…' : 'Reset Password'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
