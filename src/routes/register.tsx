import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { PASSWORD_HINT, passwordProblem } from '../shared/password';
import { auth, clearAuthError, register } from '../state/auth';
import { AuthLayout } from '../ui/AuthLayout';
import { Alert, Field, PasswordField } from '../ui/forms';
import { publicHead } from '../ui/page-head';

export const Route = createFileRoute('/register')({ head: () => publicHead('/register'), component: RegisterPage });

function RegisterPage() {
  const navigate = useNavigate();
  const { error } = useSnapshot(auth);
  useEffect(clearAuthError, []);
  const [form, setForm] = useState({ name: '', email: '', password: '', confirm: '' });
  const [problems, setProblems] = useState<{ password?: string; confirm?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const password = passwordProblem(form.password) ?? undefined;
    const confirm = form.confirm !== form.password ? 'Passwords do not match' : undefined;
    setProblems({ password, confirm });
    if (password || confirm) return;
    setSubmitting(true);
    try {
      await register(form.name.trim(), form.email, form.password);
      await navigate({ to: '/registration-success' });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Create your account" subtitle="Start reading stories at your level in a minute.">
      <form onSubmit={onSubmit}>
        {error && <Alert kind="error">{error}</Alert>}
        <Field label="Name" autoComplete="name" required maxLength={80} value={form.name} onChange={set('name')} />
        <Field label="Email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          error={problems.password}
          value={form.password}
          onChange={set('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          error={problems.confirm}
          value={form.confirm}
          onChange={set('confirm')}
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={submitting}>
          {submitting ? 'Creating your account…' : 'Create Account'}
        </button>
      </form>
      <p className="form-footer">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
      <p className="fine-print">
        By creating an account you agree to the <Link to="/terms">Terms of Service</Link> and the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </AuthLayout>
  );
}
