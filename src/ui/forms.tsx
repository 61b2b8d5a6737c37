import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PASSWORD_HINT, passwordProblem } from '../shared/password';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string | null;
}

/** A labelled input whose hint and error are announced with it. */
export function Field({ label, hint, error, ...input }: FieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-field">
      <Field {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="reveal"
        aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

export function Alert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** The new password and its confirmation, as the reset page and the account's password form ask for them. */
export function NewPasswordFields(props: { password: string; confirm: string; onPassword(value: string): void; onConfirm(value: string): void }) {
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        value={props.confirm}
        onChange={(event) => props.onConfirm(event.target.value)}
      />
    </>
  );
}

/** What is wrong with a new password and its confirmation, in the catalogue's words, or null. */
export function newPasswordProblem(password: string, confirm: string, form: 'register' | 'reset'): string | null {
  return passwordProblem(password, form) ?? (confirm !== password ? 'Passwords do not match' : null);
}
