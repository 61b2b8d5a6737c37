import { z } from 'zod';
import {
  accountExportResponse,
  emailChangeResponse,
  loginResponse,
  messageResponse,
  outboxMessageSchema,
  pricingSchema,
  userSchema,
  type ContactSubject,
} from '../shared/api';
import {
  analysisResultSchema,
  grammarExplanationSchema,
  vocabularyExplanationSchema,
  type Language,
  type StoryLevel,
} from '../shared/language';
import { themesResponse } from '../shared/stories';
import {
  availabilityResponse,
  branchResponse,
  loadResponse,
  saveResponse,
  saveSlotsResponse,
  storyDetailResponse,
  storyHistoryResponse,
  storyListResponse,
  storytellerResponse,
  type AvailabilityQuery,
  type BranchBody,
} from '../shared/story-views';
import {
  checkoutResponse,
  portalResponse,
  redirectResponse,
  testBillingSessionSchema,
  type TestPortalAction,
} from '../shared/billing';
import { request } from './http';

/** Who is reading what: the analysis calls send the story's language and level (PRODUCT.md). */
export interface ReadingContext {
  language: Language;
  level: StoryLevel;
}

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
  /** Whether a reset link can still be used; refusals carry the reason ("already been used", "expired"). */
  checkPasswordReset: (token: string) =>
    request('/api/auth/reset-password/check', { body: { token }, schema: messageResponse, token: null }),
  confirmPasswordReset: (token: string, newPassword: string) =>
    request('/api/auth/reset-password/confirm', {
      body: { token, new_password: newPassword },
      schema: messageResponse,
      token: null,
    }),
  changePassword: (currentPassword: string, newPassword: string) =>
    request('/api/account/password', {
      body: { current_password: currentPassword, new_password: newPassword },
      schema: messageResponse,
    }),
  changeEmail: (newEmail: string, password: string) =>
    request('/api/account/email', { body: { new_email: newEmail, password }, schema: emailChangeResponse }),
  cancelEmailChange: () => request('/api/account/email', { method: 'DELETE', schema: messageResponse }),
  exportAccount: () =>
    request('/api/account/export', { schema: accountExportResponse, invalidMessage: 'Failed to download your data' }),
  deleteAccount: (password: string, confirmation: string) =>
    request('/api/account/delete', { body: { password, confirmation }, schema: messageResponse }),
  pricing: () =>
    request('/api/payment/pricing', {
      // SPEC §7: the response may be wrapped in `data`.
      schema: z.union([pricingSchema, z.object({ data: pricingSchema }).transform((wrapped) => wrapped.data)]),
      invalidMessage: 'Failed to get pricing info - invalid response format',
    }),
  checkout: () =>
    // The server fills in its own /checkout/success and /checkout/cancel pages (SPEC §7 defaults).
    request('/api/payment/checkout', {
      body: { tier: 'pro' },
      schema: checkoutResponse,
      invalidMessage: 'Failed to create checkout session - invalid response format',
    }).then((r) => r.checkout_url),
  customerPortal: () =>
    request('/api/payment/customer-portal', {
      body: {},
      schema: portalResponse,
      invalidMessage: 'Failed to create customer portal session - invalid response format',
    }).then((r) => r.portal_url),
  testBillingSession: (id: string) =>
    request(`/api/test-billing/sessions/${encodeURIComponent(id)}`, { schema: testBillingSessionSchema }),
  finishTestCheckout: (id: string, outcome: 'complete' | 'cancel') =>
    request(`/api/test-billing/sessions/${encodeURIComponent(id)}/${outcome}`, { body: {}, schema: redirectResponse }).then(
      (r) => r.redirect_url,
    ),
  changeTestSubscription: (id: string, action: TestPortalAction) =>
    request(`/api/test-billing/sessions/${encodeURIComponent(id)}/subscription`, { body: { action }, schema: testBillingSessionSchema }),
  contact: (input: { email: string; subject: ContactSubject; message: string; website: string }) =>
    request('/api/contact', { body: input, schema: messageResponse }),
  themes: () =>
    request('/api/stories/themes', { schema: themesResponse, token: null, invalidMessage: 'Failed to load story themes' }).then((r) => r.data.themes),
  stories: () => request('/api/stories', { schema: storyListResponse }).then((r) => r.data.stories),
  storyteller: () =>
    request('/api/stories/storyteller', { schema: storytellerResponse, token: null }).then((r) => r.data),
  /** What Start Reading would open for these options; asking spends nothing. */
  availability: (query: AvailabilityQuery) =>
    request(`/api/stories/availability?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]))}`, {
      schema: availabilityResponse,
    }).then((r) => r.data),
  removeStory: (id: string) =>
    request(`/api/stories/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageResponse, invalidMessage: 'Failed to remove the story' }),
  story: (id: string) => request(`/api/stories/${encodeURIComponent(id)}`, { schema: storyDetailResponse }).then((r) => r.data),
  /** A page of the path read to a scene (the current one unless `to` says otherwise), oldest first. */
  history: (id: string, query: { to?: string; before?: string } = {}) =>
    request(`/api/stories/${encodeURIComponent(id)}/history?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]))}`, {
      schema: storyHistoryResponse,
      invalidMessage: 'Failed to load the story so far',
    }).then((r) => r.data),
  /** "Read the other path": another choice of a scene read earlier. */
  branch: (id: string, body: BranchBody) =>
    request(`/api/stories/${encodeURIComponent(id)}/branch`, { body, schema: branchResponse, invalidMessage: 'Failed to open the other path' }).then((r) => r.data),
  saveSlots: () =>
    request('/api/saves/slots', { schema: saveSlotsResponse, invalidMessage: 'Failed to load save slots' }).then((r) => r.data.slots),
  save: (slotIndex: number, storyId: string, lineIndex: number) =>
    request('/api/saves/save', {
      body: { slot_index: slotIndex, story_id: storyId, line_index: lineIndex },
      schema: saveResponse,
      invalidMessage: 'Failed to save story',
    }).then((r) => r.data.save),
  /** The story's quick save (one slot per story, apart from the ten). */
  quickSave: (storyId: string, lineIndex: number) =>
    request('/api/saves/quick', {
      body: { story_id: storyId, line_index: lineIndex },
      schema: saveResponse,
      invalidMessage: 'Failed to save story',
    }).then((r) => r.data.save),
  quickLoad: (storyId: string) =>
    request('/api/saves/load', { body: { save_id: 'quick', story_id: storyId }, schema: loadResponse, invalidMessage: 'Failed to load story' }).then(
      (r) => r.data,
    ),
  load: (slotIndex: number) =>
    request('/api/saves/load', { body: { slot_index: slotIndex }, schema: loadResponse, invalidMessage: 'Failed to load story' }).then(
      (r) => r.data,
    ),
  analysis: (text: string, context: ReadingContext) =>
    request('/api/analysis', { body: { text, user_level: context.level, language: context.language }, schema: analysisResultSchema }),
  grammarExplanation: (input: { patternId: string; highlighted: string; sentence: string }, context: ReadingContext) =>
    request('/api/grammar/explain', {
      body: {
        pattern_id: input.patternId,
        highlighted_text: input.highlighted,
        full_sentence: input.sentence,
        user_level: context.level,
        language: context.language,
      },
      schema: z.object({ data: z.object({ explanation: grammarExplanationSchema }) }),
      invalidMessage: 'Failed to get grammar explanation',
    }).then((r) => r.data.explanation),
  /** `key` (the analysis's word key) counts the look-up in the learner's word knowledge. */
  vocabularyExplanation: (input: { word: string; sentence: string; key?: string }, context: ReadingContext) =>
    request('/api/vocabulary/explain', {
      body: { word: input.word, full_sentence: input.sentence, user_level: context.level, language: context.language, ...(input.key ? { key: input.key } : {}) },
      schema: vocabularyExplanationSchema,
    }),
  outbox: () => request('/api/dev/outbox', { schema: z.array(outboxMessageSchema), token: null }),
};
