import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../net/api';
import type { OutboxMessage } from '../shared/api';
import { APP_PAGE_TITLES, head } from '../ui/page-head';
import { Spinner } from '../ui/Spinner';

export const Route = createFileRoute('/dev/mailbox')({ head: () => head(APP_PAGE_TITLES.mailbox), component: Mailbox });

/** The local outbox: the mail this server would have sent, while no SMTP server is configured. */
function Mailbox() {
  const [messages, setMessages] = useState<OutboxMessage[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [selected, setSelected] = useState(0);

  const load = () =>
    api.outbox().then(
      (list) => {
        setMessages(list);
        setUnavailable(false);
      },
      () => setUnavailable(true),
    );
  useEffect(() => {
    void load();
  }, []);

  if (unavailable) {
    return (
      <div className="container narrow-page">
        <div className="card text-center">
          <h1>Local mailbox is off</h1>
          <p className="lead">This server sends its mail through SMTP, so there is no local outbox to show.</p>
        </div>
      </div>
    );
  }
  if (!messages) return <Spinner label="Loading the outbox…" />;

  const current = messages[selected];
  return (
    <div className="container mailbox">
      <header className="mailbox-header">
        <div>
          <h1>Local mailbox</h1>
          <p className="muted">Mail the server would have sent. Shown only while no SMTP server is configured.</p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => void load()}>
          Refresh
        </button>
      </header>
      {messages.length === 0 ? (
        <p className="empty">No mail yet. Register or ask for a password reset and it will appear here.</p>
      ) : (
        <div className="mailbox-grid">
          <ul className="mail-list" aria-label="Messages">
            {messages.map((message, index) => (
              <li key={`${message.created_at}-${index}`}>
                <button
                  type="button"
                  aria-current={index === selected}
                  onClick={() => setSelected(index)}
                  className="mail-item"
                >
                  <strong>{message.subject}</strong>
                  <span>To {message.to}</span>
                  <time dateTime={message.created_at}>{new Date(message.created_at).toLocaleString()}</time>
                </button>
              </li>
            ))}
          </ul>
          {current && (
            <article className="mail-view" aria-label={current.subject}>
              <h2>{current.subject}</h2>
              <p className="muted">To {current.to}</p>
              {/* The server's own template, rendered isolated from this page. */}
              <iframe title="Message" sandbox="allow-popups allow-top-navigation-by-user-activation" srcDoc={current.html} />
            </article>
          )}
        </div>
      )}
    </div>
  );
}
