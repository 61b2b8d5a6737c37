import { z } from 'zod';
import {
  loginResponse,
  messageResponse,
  outboxMessageSchema,
  pricingSchema,
  userSchema,
  type ContactSubject,
} from '../shared/api';
import { request } from './http';

/** The calls of SPEC §7 this part of the app makes, each validated against the shared schemas. */
export const api = {
  login: (email: string, password: string) =>
    request('/api/auth/login', { body: { email, password }, schema: loginResponse, token: null }),
  register: (name: string, email: string, password: string) =>
    request('/api/auth/register', { body: { name, email, password }, token: null }),
  me: (token?: string) => request('/api/auth/me', { schema: userSchema, token }),
  logout: () => request('/api/auth/logout', { method: 'POST', schema: messageResponse }),
  resendVerification: () => request('/api/auth/resend-verification', { method: 'POST', schema: messageResponse }),
  verifyEmail: (token: string) => request('/api/auth/verify-email', { body: { token }, schema: messageResponse }),
  requestPasswordReset: (email: string) =>
    request('/api/auth/reset-password', { body: { email }, schema: messageResponse, token: null }),
  confirmPasswordReset: (token: string, newPassword: string) =>
    request('/api/auth/reset-password/confirm', {
      body: { token, new_password: newPassword },
      schema: messageResponse,
      token: null,
    }),
  pricing: () =>
    request('/api/payment/pricing', {
      // SPEC §7: the response may be wrapped in `data`.
      schema: z.union([pricingSchema, z.object({ data: pricingSchema }).transform((wrapped) => wrapped.data)]),
      invalidMessage: 'Failed to get pricing info - invalid response format',
    }),
  contact: (input: { email: string; subject: ContactSubject; message: string; website: string }) =>
    request('/api/contact', { body: input, schema: messageResponse }),
  outbox: () => request('/api/dev/outbox', { schema: z.array(outboxMessageSchema), token: null }),
};
