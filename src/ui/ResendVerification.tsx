import { useEffect, useState } from 'react';
import { api } from '../net/api';

type Status = 'idle' | 'sending' | 'success' | 'error';

/** SPEC §4 resend states: idle, sending, success or error, back to idle after 5 s. */
export function ResendVerification() {
  const [status, setStatus] = useState<Status>('idle');

  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const timer = setTimeout(() => setStatus('idle'), 5000);
    return () => clearTimeout(timer);
  }, [status]);

  const send = async () => {
    setStatus('sending');
    try {
      await api.resendVerification();
      setStatus('success');
    } catch {
      setStatus('error');
    }
  };

  return (
    <div className="resend">
      <button type="button" className="btn btn-secondary btn-small" onClick={send} disabled={status === 'sending'}>
        {status === 'sending' ? 'Sending…' : 'Resend verification email'}
      </button>
      <span role="status" className={`resend-status ${status}`}>
        {status === 'success' && 'Verification email sent!'}
        {status === 'error' && 'Failed to send email. Try again later.'}
      </span>
    </div>
  );
}
