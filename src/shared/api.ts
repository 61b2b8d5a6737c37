import { z } from 'zod';
import { BILLING_MODES } from './billing';
import { passwordProblem } from './password';

/** Request and response shapes of the HTTP API, validated on the server and on the client. */

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid email address'));

const password = (form: 'register' | 'reset') =>
  z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value, form);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const registerBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  email: emailSchema,
  password: password('register'),
});

export const loginBody = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(1024),
});

export const verifyEmailBody = z.object({ token: z.string().min(1, 'No verification token provided').max(200) });

export const resetPasswordBody = z.object({ email: emailSchema });

export const resetPasswordConfirmBody = z.object({
  token: z.string().min(1, 'Invalid or missing reset token').max(200),
  new_password: password('reset'),
});

/** Checks a reset link on page load without using it up. */
export const resetPasswordCheckBody = z.object({ token: z.string().min(1, 'Invalid or missing reset token').max(200) });

/** What the account's own password is checked against: any string, as at login; the rules apply to new ones. */
const currentPassword = z.string().min(1, 'Current password is required').max(1024);

export const changePasswordBody = z.object({
  current_password: currentPassword,
  new_password: password('register'),
});

export const changeEmailBody = z.object({
  new_email: emailSchema,
  password: currentPassword,
});

/** What the learner types to confirm that the account goes. */
export const DELETE_CONFIRMATION = 'DELETE';

export const deleteAccountBody = z.object({
  password: currentPassword,
  confirmation: z.string().refine((value) => value.trim() === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`),
});

export const loginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
});

export const subscriptionSchema = z.object({
  tier: z.enum(['free', 'pro']),
  status: z.string(),
  renewal_date: z.string().nullable(),
  /** Pro that ends at renewal_date instead of renewing. */
  cancel_at_period_end: z.boolean(),
  stories_generated: z.number().int().min(0),
  /** 0 means unlimited. */
  stories_limit: z.number().int().min(0),
  /** -1 means unlimited. */
  stories_remaining: z.number().int(),
  can_generate_story: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  /** An address waiting for its confirmation link to be opened; absent or null when no change is pending. */
  pending_email: z.string().nullish(),
  /** Whether the learner has said what they already know (or skipped it); false shows the question on /home. */
  words_onboarded: z.boolean().optional(),
  subscription: subscriptionSchema,
});
export type User = z.infer<typeof userSchema>;

export const planSchema = z.object({
  name: z.string(),
  /** Cents. */
  price: z.number().int().min(0),
  /** -1 means unlimited. */
  stories_per_month: z.number().int(),
  features: z.array(z.string()),
});
export const pricingSchema = z.object({
  free: planSchema,
  pro: planSchema,
  /** Absent in the client's fallback, when the server could not be asked. */
  billing: z.enum(BILLING_MODES).optional(),
});
export type Pricing = z.infer<typeof pricingSchema>;

export const CONTACT_SUBJECTS = {
  technical: 'Technical support',
  billing: 'Billing',
  feature: 'Feature request',
  bug: 'Bug report',
  other: 'Other',
} as const;
export type ContactSubject = keyof typeof CONTACT_SUBJECTS;
export const CONTACT_MESSAGE_MIN = 20;
export const CONTACT_MESSAGE_MAX = 5000;

export const contactBody = z.object({
  email: emailSchema,
  subject: z.enum(Object.keys(CONTACT_SUBJECTS) as [ContactSubject, ...ContactSubject[]], 'Please choose a subject'),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters`)
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
  /** Honeypot: people never see it, so anything in it marks a bot. */
  website: z.string().max(500).optional(),
});

export const outboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const messageResponse = z.object({ message: z.string() });
export const emailChangeResponse = z.object({ message: z.string(), pending_email: z.string() });
/** The data export is the learner's to keep; the client checks only that it is one and saves it as it came. */
export const accountExportResponse = z.looseObject({
  format: z.literal('kotoba-tales-export'),
  exported_at: z.string(),
  account: z.looseObject({ email: z.string() }),
});
export const errorResponse = z.object({ detail: z.string() });
