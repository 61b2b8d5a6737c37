import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../net/api';
import { ApiError } from '../net/http';
import { refreshUser } from '../state/auth';
import { publicHead } from '../ui/page-head';
import { Spinner } from '../ui/Spinner';
import { optionalString } from '../ui/search-params';

type View =
  | { kind: 'loading' }
  | { kind: 'success' }
  | { kind: 'expired' }
  | { kind: 'error'; message: string };

// A link works once: StrictMode's double effect and re-renders must share one request per token.
const attempts = new Map<string, Promise<void>>();
function verifyOnce(token: string): Promise<void> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = api.verifyEmail(token).then(() => undefined);
    attempts.set(token, attempt);
  }
  return attempt;
}

export const Route = createFileRoute('/verify-email')({
  head: () => publicHead('/verify-email'),
  validateSearch: optionalString('token'),
  component: VerifyEmail,
});

function VerifyEmail() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const [view, setView] = useState<View>(
    token ? { kind: 'loading' } : { kind: 'error', message: 'No verification token provided' },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(token).then(
      async () => {
        await refreshUser().catch(() => undefined);
        if (live) setView({ kind: 'success' });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 400 && /expired/i.test(error.message)) {
          setView({ kind: 'expired' });
        } else if (error instanceof ApiError && error.status !== 0) {
          setView({ kind: 'error', message: error.message || 'Verification failed' });
        } else {
          setView({ kind: 'error', message: 'An error occurred during verification' });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (view.kind !== 'success') return;
    const timer = setTimeout(() => void navigate({ to: '/home' }), 3000);
    return () => clearTimeout(timer);
  }, [view.kind, navigate]);

  return (
    <div className="container narrow-page">
      <div className="card text-center">
        {view.kind === 'loading' && (
          <>
            <h1>Verifying your email</h1>
            <Spinner label="Checking your link…" />
          </>
        )}
        {view.kind === 'success' && (
          <>
            <div className="big-icon" aria-hidden="true">✓</div>
            <h1>Email verified!</h1>
            <p className="lead">Thank you. Taking you to your stories…</p>
            <Link to="/home" className="btn btn-primary">
              Go to my stories
            </Link>
          </>
        )}
        {view.kind === 'expired' && (
          <>
            <div className="big-icon" aria-hidden="true">期</div>
            <h1>Link expired</h1>
            <p className="lead">Your verification link has expired. Please request a new one.</p>
            <div className="actions">
              <Link to="/account" className="btn btn-primary">
                Request New Verification Link
              </Link>
              <Link to="/login" className="btn btn-ghost">
                Back to Login
              </Link>
            </div>
          </>
        )}
        {view.kind === 'error' && (
          <>
            <div className="big-icon" aria-hidden="true">!</div>
            <h1>We couldn't verify your email</h1>
            <p className="lead" role="alert">
              {view.message}
            </p>
            <div className="actions">
              <Link to="/login" className="btn btn-primary">
                Go to Login
              </Link>
              <Link to="/register" className="btn btn-ghost">
                Create New Account
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
