import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessage } from '../../shared/api';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailTransport } from './message';

/** The embedded default: mail is stored in the database and logged, so no mail server is needed. */
export function createOutboxTransport(db: Database, log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'outbox',
    async send({ to, subject, text, html }) {
      await db.insert(mailOutbox).values({ to, subject, text, html });
      // The link itself is a credential: it stays in the outbox table, never in the log.
      log.info({ subject }, 'mail stored in the local outbox');
    },
    async close() {},
  };
}

export async function listOutbox(db: Database, limit = 100): Promise<OutboxMessage[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  }));
}
