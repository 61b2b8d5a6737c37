import type { FastifyPluginAsync } from 'fastify';
import {
  changeEmailBody,
  changePasswordBody,
  deleteAccountBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  resetPasswordCheckBody,
  resetPasswordConfirmBody,
  verifyEmailBody,
} from '../../shared/api';
import { HttpError, parseInput } from '../http/errors';
import type { BackgroundTasks } from '../background';
import type { RateLimiter } from '../rate-limit';
import { optionalAccount, requireAccount } from './authenticate';
import type { Accounts } from './service';

export interface AccountRoutesOptions {
  accounts: Accounts;
  rateLimiter: RateLimiter;
  background: BackgroundTasks;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SPEC §7 Authentication. */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, { accounts, rateLimiter, background }) => {
  const signedIn = { preHandler: requireAccount(accounts) };

  app.post('/api/auth/register', async (request, reply) => {
    const body = parseInput(registerBody, request.body);
    await rateLimiter.check('register', request.ip, body.email);
    const user = await accounts.register(body);
    return reply.code(201).send(await accounts.toApiUser(user));
  });

  app.post('/api/auth/login', async (request) => {
    const body = parseInput(loginBody, request.body);
    await rateLimiter.check('login', request.ip);
    // Guessing from one address gets slower with every failure; the owner elsewhere is never held up.
    const delay = await rateLimiter.loginDelayMs(body.email, request.ip);
    if (delay > 0) await sleep(delay);
    const session = await accounts.login(body.email, body.password).catch(async (error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 401) await rateLimiter.loginFailed(body.email, request.ip);
      throw error;
    });
    await rateLimiter.loginSucceeded(body.email, request.ip);
    return session;
  });

  app.get('/api/auth/me', signedIn, async (request) => accounts.toApiUser(request.account!.user));

  app.post('/api/auth/logout', signedIn, async (request) => {
    await accounts.logout(request.account!.sessionId);
    return { message: 'Signed out' };
  });

  app.post('/api/auth/resend-verification', signedIn, async (request) => {
    const { user } = request.account!;
    await rateLimiter.check('resendVerification', request.ip, user.email);
    await accounts.resendVerification(user);
    return { message: 'Verification email sent' };
  });

  app.post('/api/auth/verify-email', async (request) => {
    const { token } = parseInput(verifyEmailBody, request.body);
    // A link confirming a change of address keeps the browser that opened it signed in, if it is the learner's.
    const current = await optionalAccount(accounts, request);
    await accounts.verifyEmail(token, current?.sessionId);
    return { message: 'Email verified' };
  });

  app.post('/api/auth/reset-password', async (request) => {
    const { email } = parseInput(resetPasswordBody, request.body);
    await rateLimiter.check('resetPassword', request.ip);
    // Everything that depends on whether the address exists happens after the answer, so neither the
    // answer nor its timing tells. Past the per-address cap no more mail goes out, silently: the owner
    // still has the links already sent, so nobody can lock them out of resetting.
    background.run('password reset', async () => {
      if (await rateLimiter.allowForEmail('resetPassword', email)) await accounts.requestPasswordReset(email);
    });
    return { message: 'If an account exists for that email, we have sent a link to reset its password.' };
  });

  // Lets the reset page say at once that a link is used or expired, instead of after the form; uses nothing up.
  app.post('/api/auth/reset-password/check', async (request) => {
    const { token } = parseInput(resetPasswordCheckBody, request.body);
    await accounts.checkPasswordResetLink(token);
    return { message: 'This link is valid' };
  });

  app.post('/api/auth/reset-password/confirm', async (request) => {
    const { token, new_password } = parseInput(resetPasswordConfirmBody, request.body);
    await accounts.confirmPasswordReset(token, new_password);
    return { message: 'Password updated' };
  });

  // Account settings. Each counts against the `accountChange` limit of the IP and of the account.
  app.post('/api/account/password', signedIn, async (request) => {
    const { user, sessionId } = request.account!;
    const body = parseInput(changePasswordBody, request.body);
    await rateLimiter.check('accountChange', request.ip, user.email);
    await accounts.changePassword(user, sessionId, body.current_password, body.new_password);
    return { message: 'Password changed. Other devices have been signed out.' };
  });

  app.post('/api/account/email', signedIn, async (request, reply) => {
    const { user } = request.account!;
    const body = parseInput(changeEmailBody, request.body);
    await rateLimiter.check('accountChange', request.ip, user.email);
    const pending = await accounts.requestEmailChange(user, body.new_email, body.password);
    return reply.code(202).send({
      message: `We sent a link to ${pending}. Your email changes when you open it.`,
      pending_email: pending,
    });
  });

  app.delete('/api/account/email', signedIn, async (request) => {
    await accounts.cancelEmailChange(request.account!.user);
    return { message: 'Email change cancelled' };
  });

  app.get('/api/account/export', signedIn, async (request, reply) => {
    const { user } = request.account!;
    await rateLimiter.check('accountChange', request.ip, user.email);
    const data = await accounts.exportData(user);
    const day = data.exported_at.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="kotoba-tales-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.post('/api/account/delete', signedIn, async (request) => {
    const { user } = request.account!;
    const body = parseInput(deleteAccountBody, request.body);
    await rateLimiter.check('accountChange', request.ip, user.email);
    await accounts.deleteAccount(user, body.password);
    return { message: 'Your account and its data have been deleted.' };
  });
};
