import type { FastifyPluginAsync } from 'fastify';
import { CONTACT_SUBJECTS, contactBody } from '../../shared/api';
import { optionalAccount } from '../accounts/authenticate';
import type { Accounts } from '../accounts/service';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';
import { parseInput } from '../http/errors';
import type { MailTransport } from '../mail/message';
import { contactMail } from '../mail/templates';
import type { RateLimiter } from '../rate-limit';

export interface ContactRoutesOptions {
  db: Database;
  mail: MailTransport;
  accounts: Accounts;
  rateLimiter: RateLimiter;
  supportEmail: string;
}

const THANKS = { message: "Thank you for your message! We'll get back to you soon." };

export const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, options) => {
  const { db, mail, accounts, rateLimiter, supportEmail } = options;

  app.post('/api/contact', async (request) => {
    const body = parseInput(contactBody, request.body);
    // A filled honeypot gets the same answer as a person, so bots learn nothing, but nothing is kept.
    if (body.website) {
      request.log.info('contact honeypot triggered');
      return THANKS;
    }
    await rateLimiter.check('contact', request.ip);
    const signedIn = await optionalAccount(accounts, request);
    await db.insert(contactMessages).values({
      email: body.email,
      subject: body.subject,
      message: body.message,
      userId: signedIn?.user.id ?? null,
      ip: request.ip,
    });
    // Stored first: a mail failure must not lose the message, and the sender need not retry.
    await mail
      .send(contactMail({ supportEmail, from: body.email, subjectLabel: CONTACT_SUBJECTS[body.subject], message: body.message }))
      .catch((err: unknown) => request.log.error({ err }, 'contact mail not sent'));
    return THANKS;
  });
};
