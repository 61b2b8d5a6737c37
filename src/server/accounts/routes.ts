import type { FastifyPluginAsync } from 'fastify';
import {
  loginBody,
  registerBody,
  resetPasswordBody,
  resetPasswordConfirmBody,
  verifyEmailBody,
} from '../../shared/api';
import { HttpError, parseInput } from '../http/errors';
import type { BackgroundTasks } from '../background';
import type { RateLimiter } from '../rate-limit';
import { requireAccount } from './authenticate';
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
    await accounts.verifyEmail(token);
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

  app.post('/api/auth/reset-password/confirm', async (request) => {
    const { token, new_password } = parseInput(resetPasswordConfirmBody, request.body);
    await accounts.confirmPasswordReset(token, new_password);
    return { message: 'Password updated' };
  });
};
