import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { auth, clearAuthError, login } from '../state/auth';
import { AuthLayout } from '../ui/AuthLayout';
import { Alert, EmailField, PasswordField } from '../ui/forms';
import { publicHead } from '../ui/page-head';
import { safeRedirect } from '../ui/route-guard';
import { optionalString } from '../ui/search-params';

export const Route = createFileRoute('/login')({
  head: () => publicHead('/login'),
  validateSearch: optionalString('redirect'),
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const { error } = useSnapshot(auth);
  useEffect(clearAuthError, []);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await login(email, password);
      await navigate({ to: safeRedirect(redirect) });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to continue your stories.">
      <form onSubmit={onSubmit} noValidate={false}>
        {error && <Alert kind="error">{error}</Alert>}
        <EmailField value={email} onChange={setEmail} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="form-aside">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <button className="btn btn-primary btn-block" type="submit" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
      <p className="form-footer">
        New here? <Link to="/register">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
