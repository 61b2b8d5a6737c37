import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../../shared/api';
import type { Database } from '../db/client';
import { emailTokens, sessions, users } from '../db/schema';
import type { Ledger } from '../billing/ledger';
import { describeSubscription, storiesGeneratedThisMonth } from '../billing/subscription';
import { HttpError } from '../http/errors';
import type { MailTransport } from '../mail/message';
import { passwordResetMail, verificationMail } from '../mail/templates';
import { hashPassword, hashToken, newToken, spendPasswordCheck, verifyPassword } from './secrets';

export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;
type LinkPurpose = (typeof emailTokens.$inferSelect)['purpose'];

export interface AccountsOptions {
  db: Database;
  mail: MailTransport;
  publicUrl: string;
  sessionTtlSeconds: number;
  freeStoriesPerMonth: number;
  ledger: Ledger;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function createAccounts({ db, mail, publicUrl, sessionTtlSeconds, freeStoriesPerMonth, ledger, now, log }: AccountsOptions) {
  const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

  async function findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(byEmail(email));
    return row;
  }

  async function issueLink(user: UserRow, purpose: LinkPurpose): Promise<string> {
    const { token, tokenHash } = newToken();
    const ttl = purpose === 'verify_email' ? VERIFY_LINK_TTL_MS : RESET_LINK_TTL_MS;
    await db.insert(emailTokens).values({
      userId: user.id,
      purpose,
      tokenHash,
      expiresAt: new Date(Date.now() + ttl),
    });
    const path = purpose === 'verify_email' ? 'verify-email' : 'reset-password';
    return `${publicUrl}/${path}?token=${encodeURIComponent(token)}`;
  }

  async function sendVerification(user: UserRow): Promise<void> {
    const link = await issueLink(user, 'verify_email');
    await mail.send(verificationMail(user.email, user.name, link));
  }

  /**
   * Marks a link used and returns its user, in one statement so two clicks cannot both succeed.
   * Errors say why a link failed, in words the client matches ("expired").
   */
  async function consumeLink(token: string, purpose: LinkPurpose, invalid: string): Promise<string> {
    const tokenHash = hashToken(token);
    const [used] = await db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailTokens.userId });
    if (used) return used.userId;

    const [link] = await db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)));
    if (!link) throw new HttpError(400, invalid);
    if (link.usedAt) throw new HttpError(400, 'This link has already been used. Please request a new one.');
    throw new HttpError(400, 'This link has expired. Please request a new one.');
  }

  async function toApiUser(row: UserRow): Promise<User> {
    const [generated, subscription] = await Promise.all([storiesGeneratedThisMonth(db, row.id), ledger.find(row.id)]);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      email_verified: row.emailVerified,
      created_at: row.createdAt.toISOString(),
      last_login: row.lastLogin?.toISOString() ?? null,
      subscription: describeSubscription(subscription, now(), generated, freeStoriesPerMonth),
    };
  }

  return {
    toApiUser,

    async register(input: { name: string; email: string; password: string }): Promise<UserRow> {
      if (await findUserByEmail(input.email)) {
        throw new HttpError(409, 'An account with this email already exists');
      }
      const passwordHash = await hashPassword(input.password);
      const [user] = await db
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash })
        .onConflictDoNothing()
        .returning();
      // Two concurrent registrations of one address: the unique index lets only one through.
      if (!user) throw new HttpError(409, 'An account with this email already exists');
      // The account stands even if the mail server is down: the learner can resend from the account page.
      await sendVerification(user).catch((err: unknown) => log.error({ err }, 'verification mail not sent'));
      return user;
    },

    async login(email: string, password: string) {
      const user = await findUserByEmail(email);
      if (!user) {
        await spendPasswordCheck(password);
        throw new HttpError(401, 'Incorrect email or password');
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new HttpError(401, 'Incorrect email or password');
      }
      const { token, tokenHash } = newToken();
      await db.insert(sessions).values({
        userId: user.id,
        tokenHash,
        expiresAt: new Date(Date.now() + sessionTtlSeconds * 1000),
      });
      await db.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, user.id));
      return { access_token: token, token_type: 'bearer' as const, expires_in: sessionTtlSeconds };
    },

    /** The user behind a bearer token, or undefined when it is unknown, expired or revoked. */
    async authenticate(token: string): Promise<{ user: UserRow; sessionId: string } | undefined> {
      const [row] = await db
        .select({ user: users, sessionId: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
        );
      return row;
    },

    /** Whether a session still stands (not revoked, not expired): long-lived sockets ask on every message. */
    async sessionAlive(sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
      return row !== undefined;
    },

    async logout(sessionId: string): Promise<void> {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
    },

    async resendVerification(user: UserRow): Promise<void> {
      if (user.emailVerified) throw new HttpError(400, 'Your email is already verified');
      await sendVerification(user);
    },

    async verifyEmail(token: string): Promise<void> {
      const userId = await consumeLink(token, 'verify_email', 'Invalid verification link');
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    },

    /** Answers the same whether or not the address has an account. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await findUserByEmail(email);
      if (!user) return;
      const link = await issueLink(user, 'reset_password');
      // A failure must not answer differently from an unknown address.
      await mail
        .send(passwordResetMail(user.email, user.name, link))
        .catch((err: unknown) => log.error({ err }, 'password reset mail not sent'));
    },

    /** Sets the new password and signs out every session, since the old password may be known to someone else. */
    async confirmPasswordReset(token: string, newPassword: string): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      const userId = await consumeLink(token, 'reset_password', 'Invalid or expired reset token');
      await db.transaction(async (tx) => {
        // Reading the reset mail proves the address, so an unverified account becomes verified.
        await tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, userId));
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
export type AccountUser = UserRow;
