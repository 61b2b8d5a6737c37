import { createFileRoute } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../net/api';
import { ApiError } from '../net/http';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_SUBJECTS, type ContactSubject } from '../shared/api';
import { auth } from '../state/auth';
import { Alert, EmailField } from '../ui/forms';
import { publicHead } from '../ui/page-head';

export const Route = createFileRoute('/contact')({ head: () => publicHead('/contact'), component: Contact });

function Contact() {
  const { user } = useSnapshot(auth);
  const [email, setEmail] = useState(user?.email ?? '');
  const [subject, setSubject] = useState<ContactSubject | ''>('');
  const [message, setMessage] = useState('');
  const [website, setWebsite] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const [error, setError] = useState('');
  const subjectId = useId();
  const messageId = useId();
  const tooShort = message.trim().length > 0 && message.trim().length < CONTACT_MESSAGE_MIN;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!subject || message.trim().length < CONTACT_MESSAGE_MIN) return;
    setState('sending');
    try {
      await api.contact({ email, subject, message, website });
      setState('sent');
    } catch (caught) {
      setError(
        caught instanceof ApiError && (caught.status === 400 || caught.status === 429)
          ? caught.message
          : 'Something went wrong. Please try again later.',
      );
      setState('error');
    }
  };

  return (
    <div className="container narrow-page">
      <header className="page-header">
        <h1>Contact us</h1>
        <p className="lead">Questions, bug reports, billing or an idea for a story theme: we read every message and reply within 24–48 hours.</p>
      </header>
      <div className="card">
        {state === 'sent' ? (
          <Alert kind="success">Thank you for your message! We'll get back to you soon.</Alert>
        ) : (
          <form onSubmit={onSubmit}>
            {state === 'error' && <Alert kind="error">{error}</Alert>}
            <EmailField value={email} onChange={setEmail} />
            <div className="field">
              <label htmlFor={subjectId}>Subject</label>
              <select
                id={subjectId}
                required
                value={subject}
                onChange={(event) => setSubject(event.target.value as ContactSubject)}
              >
                <option value="" disabled>
                  Choose a subject
                </option>
                {Object.entries(CONTACT_SUBJECTS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={messageId}>Message</label>
              <textarea
                id={messageId}
                required
                rows={7}
                minLength={CONTACT_MESSAGE_MIN}
                maxLength={CONTACT_MESSAGE_MAX}
                value={message}
                aria-describedby={`${messageId}-hint`}
                onChange={(event) => setMessage(event.target.value)}
              />
              <p id={`${messageId}-hint`} className={tooShort ? 'field-error' : 'field-hint'}>
                At least {CONTACT_MESSAGE_MIN} characters ({message.trim().length}/{CONTACT_MESSAGE_MIN})
              </p>
            </div>
            {/* Hidden from people; bots that fill every field give themselves away. */}
            <div className="honeypot" aria-hidden="true">
              <label>
                Website
                <input
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={website}
                  onChange={(event) => setWebsite(event.target.value)}
                />
              </label>
            </div>
            <button
              className="btn btn-primary btn-block"
              type="submit"
              disabled={state === 'sending' || !email || !subject || message.trim().length < CONTACT_MESSAGE_MIN}
            >
              {state === 'sending' ? 'Sending…' : 'Send Message'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
