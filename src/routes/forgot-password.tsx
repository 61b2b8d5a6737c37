import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../net/api';
import { ApiError } from '../net/http';
import { Alert, EmailField } from '../ui/forms';
import { publicHead } from '../ui/page-head';

export const Route = createFileRoute('/forgot-password')({ head: () => publicHead('/forgot-password'), component: ForgotPassword });

function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'submitting' | 'sent' | 'error'>('idle');
  const [error, setError] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setState('submitting');
    try {
      await api.requestPasswordReset(email);
      setState('sent');
    } catch (caught) {
      // The answer never says whether the address exists; only a failed request is an error.
      setError(caught instanceof ApiError && caught.status === 429 ? caught.message : 'An error occurred. Please try again later.');
      setState('error');
    }
  };

  return (
    <div className="container narrow-page">
      <div className="card">
        <h1>Forgot your password?</h1>
        {state === 'sent' ? (
          <>
            <Alert kind="success">
              If an account exists for <strong>{email}</strong>, a link to reset its password is on its way. The link
              expires in 1 hour.
            </Alert>
            <p>
              <Link to="/login">Back to sign in</Link>
            </p>
          </>
        ) : (
          <form onSubmit={onSubmit}>
            <p className="muted">Enter the email you signed up with and we'll send you a link to choose a new password.</p>
            {state === 'error' && <Alert kind="error">{error}</Alert>}
            <EmailField value={email} onChange={setEmail} />
            <button className="btn btn-primary btn-block" type="submit" disabled={state === 'submitting' || !email}>
              {state === 'submitting' ? 'Sending…' : 'Send Reset Link'}
            </button>
            <p className="form-footer">
              Remembered it? <Link to="/login">Sign in</Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
