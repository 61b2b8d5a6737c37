import type { FastifyPluginAsync } from 'fastify';
import {
  loginBody,
  registerBody,
  resetPasswordBody,
  resetPasswordConfirmBody,
  verifyEmailBody,
} from '../../shared/api';
import { parseInput } from '../http/errors';
import type { RateLimiter } from '../rate-limit';
import { requireAccount } from './authenticate';
import type { Accounts } from './service';

export interface AccountRoutesOptions {
  accounts: Accounts;
  rateLimiter: RateLimiter;
}

/** SPEC §7 Authentication. */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, { accounts, rateLimiter }) => {
  const signedIn = { preHandler: requireAccount(accounts) };

  app.post('/api/auth/register', async (request, reply) => {
    const body = parseInput(registerBody, request.body);
    await rateLimiter.check('register', request.ip, body.email);
    const user = await accounts.register(body);
    return reply.code(201).send(await accounts.toApiUser(user));
  });

  app.post('/api/auth/login', async (request) => {
    const body = parseInput(loginBody, request.body);
    await rateLimiter.check('login', request.ip, body.email);
    return accounts.login(body.email, body.password);
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
    await rateLimiter.check('resetPassword', request.ip, email);
    await accounts.requestPasswordReset(email);
    return { message: 'If an account exists for that email, we have sent a link to reset its password.' };
  });

  app.post('/api/auth/reset-password/confirm', async (request) => {
    const { token, new_password } = parseInput(resetPasswordConfirmBody, request.body);
    await accounts.confirmPasswordReset(token, new_password);
    return { message: 'Password updated' };
  });
};
