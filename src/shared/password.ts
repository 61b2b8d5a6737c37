export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the hashing work one request can ask for. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_HINT = 'At least 8 characters with uppercase, lowercase, and numbers';

export type PasswordForm = 'register' | 'reset';

/** The first rule a password breaks, in the catalogue's words, or null. Both client and server use it. */
export function passwordProblem(password: string, form: PasswordForm = 'register'): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return form === 'reset'
      ? 'Password must be at least 8 characters long'
      : 'Password must be at least 8 characters';
  }
  if (password.length > PASSWORD_MAX_LENGTH) return 'Password must be at most 128 characters';
  if (!/[A-Z]/.test(password)) return 'Password must contain at least one uppercase letter';
  if (!/[a-z]/.test(password)) return 'Password must contain at least one lowercase letter';
  if (!/[0-9]/.test(password)) return 'Password must contain at least one number';
  return null;
}
