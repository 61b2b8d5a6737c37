import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../net/api';
import { ApiError } from '../net/http';
import { PASSWORD_HINT, passwordProblem } from '../shared/password';
import { Alert, PasswordField } from '../ui/forms';
import { optionalString } from '../ui/search-params';

export const Route = createFileRoute('/reset-password')({
  validateSearch: optionalString('token'),
  component: ResetPassword,
});

function ResetPassword() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<'idle' | 'submitting' | 'success' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), 3000);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  if (!token) {
    return (
      <main className="container narrow-page">
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
      </main>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password, 'reset') ?? (confirm !== password ? 'Passwords do not match' : null);
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
      setError(
        caught instanceof ApiError && caught.status !== 0
          ? caught.message || 'Failed to reset password'
          : 'An error occurred. Please try again later.',
      );
      setState('error');
    }
  };

  return (
    <main className="container narrow-page">
      <div className="card">
        <h1>Choose a new password</h1>
        {state === 'success' ? (
          <Alert kind="success">Your password has been reset. Taking you to sign in…</Alert>
        ) : (
          <form onSubmit={onSubmit}>
            {error && <Alert kind="error">{error}</Alert>}
            <PasswordField
              label="New password"
              autoComplete="new-password"
              required
              hint={PASSWORD_HINT}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
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
    </main>
  );
}
