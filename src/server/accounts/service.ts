import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../../shared/api';
import type { Database } from '../db/client';
import { emailTokens, sessions, users } from '../db/schema';
import { tierOf, type Ledger } from '../billing/ledger';
import { describeSubscription, storiesGeneratedThisMonth } from '../billing/subscription';
import { HttpError } from '../http/errors';
import type { MailTransport } from '../mail/message';
import {
  emailChangeMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from '../mail/templates';
import { eraseAccount, exportAccount, type AccountExport } from './account-data';
import { hashPassword, hashToken, newToken, spendPasswordCheck, verifyPassword } from './secrets';

export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** A change of address is confirmed like a verification: the link goes to the new address. */
export const EMAIL_CHANGE_LINK_TTL_MS = VERIFY_LINK_TTL_MS;

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const SUBSCRIPTION_STILL_RENEWS =
  'Your Pro subscription is still active and renews automatically. Cancel it in Manage Billing first; once it is set to end, you can delete your account.';

type UserRow = typeof users.$inferSelect;
type LinkPurpose = (typeof emailTokens.$inferSelect)['purpose'];

const LINK_TTL_MS: Record<LinkPurpose, number> = {
  verify_email: VERIFY_LINK_TTL_MS,
  reset_password: RESET_LINK_TTL_MS,
  change_email: EMAIL_CHANGE_LINK_TTL_MS,
};
/** The page each link opens; a change of address is confirmed on /verify-email, as it verifies the new one. */
const LINK_PAGE: Record<LinkPurpose, string> = {
  verify_email: 'verify-email',
  reset_password: 'reset-password',
  change_email: 'verify-email',
};

/** PostgreSQL's unique_violation, wherever the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if ((at as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

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

  /** A new single-use link; a change_email link carries the address it confirms. */
  async function issueLink(user: UserRow, purpose: LinkPurpose, newEmail?: string): Promise<string> {
    const { token, tokenHash } = newToken();
    await db.insert(emailTokens).values({
      userId: user.id,
      purpose,
      tokenHash,
      newEmail: newEmail ?? null,
      expiresAt: new Date(Date.now() + LINK_TTL_MS[purpose]),
    });
    return `${publicUrl}/${LINK_PAGE[purpose]}?token=${encodeURIComponent(token)}`;
  }

  /** Where the notice mails send a learner who did not make the change. */
  const forgotPasswordLink = () => `${publicUrl}/forgot-password`;

  async function sendVerification(user: UserRow): Promise<void> {
    const link = await issueLink(user, 'verify_email');
    await mail.send(verificationMail(user.email, user.name, link));
  }

  /**
   * Marks a link used and returns its user, in one statement so two clicks cannot both succeed.
   * Errors say why a link failed, in words the client matches ("expired").
   */
  async function consumeLink(
    token: string,
    purpose: LinkPurpose,
    invalid: string,
    executor: Database = db,
  ): Promise<{ userId: string; newEmail: string | null }> {
    const tokenHash = hashToken(token);
    const [used] = await executor
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
      .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
    if (used) return used;
    throw await linkProblem(tokenHash, purpose, invalid, executor);
  }

  /** Why a link cannot be used now, or undefined when it still can. */
  async function linkProblem(tokenHash: string, purpose: LinkPurpose, invalid: string, executor: Database = db) {
    const [link] = await executor
      .select({ usedAt: emailTokens.usedAt, live: sql<boolean>`${emailTokens.expiresAt} > now()` })
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)));
    if (!link) return new HttpError(400, invalid);
    if (link.usedAt) return new HttpError(400, 'This link has already been used. Please request a new one.');
    if (!link.live) return new HttpError(400, 'This link has expired. Please request a new one.');
    return undefined;
  }

  /** The address a learner asked to move to and has not confirmed yet: their newest live change link. */
  async function pendingEmail(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ newEmail: emailTokens.newEmail })
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, 'change_email'),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(emailTokens.createdAt))
      .limit(1);
    return row?.newEmail ?? null;
  }

  /** Retires a learner's links of these kinds that are still unused, so none of them can be opened later. */
  async function retireLinks(userId: string, purposes: LinkPurpose[], executor: Database = db): Promise<void> {
    await executor
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes), isNull(emailTokens.usedAt)));
  }

  /** Revokes every live session of a learner but `keep` (when given). */
  async function revokeSessions(userId: string, keep: string | undefined, executor: Database = db): Promise<void> {
    await executor
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
  }

  /** Refuses with 400 unless `password` is the account's. */
  async function requirePassword(user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, password))) throw new HttpError(400, WRONG_CURRENT_PASSWORD);
  }

  /** Whether another account already holds the address (in any case). */
  async function emailTakenByOther(email: string, userId: string): Promise<boolean> {
    const other = await findUserByEmail(email);
    return other !== undefined && other.id !== userId;
  }

  /** Makes a change_email link's address the account's: verified, other links retired, other sessions out. */
  async function confirmEmailChange(token: string, keepSessionId: string | undefined): Promise<void> {
    const invalid = 'Invalid verification link';
    // The address may have been taken since the request: say so, and leave the link as it was.
    const [live] = await db
      .select({ newEmail: emailTokens.newEmail, userId: emailTokens.userId })
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, 'change_email'),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      );
    if (live?.newEmail && (await emailTakenByOther(live.newEmail, live.userId))) throw new HttpError(409, EMAIL_TAKEN);
    try {
      await db.transaction(async (tx) => {
        const { userId, newEmail } = await consumeLink(token, 'change_email', invalid, tx);
        if (!newEmail) throw new HttpError(400, invalid);
        await tx.update(users).set({ email: newEmail, emailVerified: true }).where(eq(users.id, userId));
        // Links mailed to the old address (reset, verification) must not act on the account any more.
        await retireLinks(userId, ['verify_email', 'reset_password', 'change_email'], tx);
        const keep = keepSessionId && (await sessionOf(userId, keepSessionId, tx)) ? keepSessionId : undefined;
        await revokeSessions(userId, keep, tx);
      });
    } catch (error) {
      // Taken between the check and the update: the unique index decides, and the link stays unused.
      if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN);
      throw error;
    }
  }

  /** Whether the session belongs to the learner (the one that opened a link is kept, not anyone else's). */
  async function sessionOf(userId: string, sessionId: string, executor: Database): Promise<boolean> {
    const [row] = await executor
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    return row !== undefined;
  }

  async function toApiUser(row: UserRow): Promise<User> {
    const [generated, subscription, pending] = await Promise.all([
      storiesGeneratedThisMonth(db, row.id),
      ledger.find(row.id),
      pendingEmail(row.id),
    ]);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      email_verified: row.emailVerified,
      created_at: row.createdAt.toISOString(),
      last_login: row.lastLogin?.toISOString() ?? null,
      pending_email: pending,
      words_onboarded: row.wordsOnboardedAt !== null,
      subscription: describeSubscription(subscription, now(), generated, freeStoriesPerMonth),
    };
  }

  return {
    toApiUser,

    async register(input: { name: string; email: string; password: string }): Promise<UserRow> {
      if (await findUserByEmail(input.email)) {
        throw new HttpError(409, EMAIL_TAKEN);
      }
      const passwordHash = await hashPassword(input.password);
      const [user] = await db
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash })
        .onConflictDoNothing()
        .returning();
      // Two concurrent registrations of one address: the unique index lets only one through.
      if (!user) throw new HttpError(409, EMAIL_TAKEN);
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

    /**
     * Opens a link of /verify-email: a verification of the address, or the confirmation of a change of
     * address (mailed to the new one). `sessionId` is the session of the browser that opened it, if any:
     * when it is the learner's, a change of address keeps it signed in.
     */
    async verifyEmail(token: string, sessionId?: string): Promise<void> {
      const [link] = await db
        .select({ purpose: emailTokens.purpose })
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, hashToken(token)));
      if (link?.purpose === 'change_email') return confirmEmailChange(token, sessionId);
      const { userId } = await consumeLink(token, 'verify_email', 'Invalid verification link');
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
      const { userId } = await consumeLink(token, 'reset_password', 'Invalid or expired reset token');
      await db.transaction(async (tx) => {
        // Reading the reset mail proves the address, so an unverified account becomes verified.
        await tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, userId));
        await revokeSessions(userId, undefined, tx);
        // Whoever held the old password may have asked to move the account to their address: not any more.
        await retireLinks(userId, ['change_email'], tx);
      });
    },

    /** Says whether a reset link can still be used, in the words the confirmation would use, without using it. */
    async checkPasswordResetLink(token: string): Promise<void> {
      const problem = await linkProblem(hashToken(token), 'reset_password', 'Invalid or expired reset token');
      if (problem) throw problem;
    },

    /** Sets a new password for a signed-in learner who knows the current one; every other session ends. */
    async changePassword(user: UserRow, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
      await requirePassword(user, currentPassword);
      if (await verifyPassword(user.passwordHash, newPassword)) {
        throw new HttpError(400, 'New password must be different from the current one');
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await revokeSessions(user.id, sessionId, tx);
      });
      await mail
        .send(passwordChangedMail(user.email, user.name, forgotPasswordLink()))
        .catch((err: unknown) => log.error({ err }, 'password change notice not sent'));
    },

    /**
     * Mails a confirmation link to the new address (the change happens when it is opened) and a notice to
     * the current one. A newer request replaces the pending one.
     */
    async requestEmailChange(user: UserRow, newEmail: string, password: string): Promise<string> {
      await requirePassword(user, password);
      if (newEmail.toLowerCase() === user.email.toLowerCase()) {
        throw new HttpError(400, 'This is already the email address of your account');
      }
      if (await emailTakenByOther(newEmail, user.id)) throw new HttpError(409, EMAIL_TAKEN);
      await retireLinks(user.id, ['change_email']);
      const link = await issueLink(user, 'change_email', newEmail);
      // The learner asked for this mail: if it cannot go out, the request fails (and its link with it), and they
      // can try again.
      await mail.send(emailChangeMail(newEmail, user.name, link)).catch(async (error: unknown) => {
        await retireLinks(user.id, ['change_email']);
        throw error;
      });
      await mail
        .send(emailChangeNoticeMail(user.email, user.name, newEmail, forgotPasswordLink()))
        .catch((err: unknown) => log.error({ err }, 'email change notice not sent'));
      return newEmail;
    },

    /** Withdraws a pending change of address: its link stops working. */
    async cancelEmailChange(user: UserRow): Promise<void> {
      await retireLinks(user.id, ['change_email']);
    },

    /** Everything stored about the learner, for the "Download my data" button. */
    async exportData(user: UserRow): Promise<AccountExport> {
      return exportAccount(db, user, await toApiUser(user), now());
    },

    /**
     * Deletes the account and everything that refers to it. Refused while a paid subscription still renews,
     * because deleting the account would not stop the provider charging the card.
     */
    async deleteAccount(user: UserRow, password: string): Promise<void> {
      await requirePassword(user, password);
      const subscription = await ledger.find(user.id);
      if (
        subscription &&
        subscription.provider !== 'manual' &&
        tierOf(subscription, now()) === 'pro' &&
        !subscription.cancelAtPeriodEnd
      ) {
        throw new HttpError(409, SUBSCRIPTION_STILL_RENEWS);
      }
      await eraseAccount(db, user);
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
export type AccountUser = UserRow;
