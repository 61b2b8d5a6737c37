import { z } from 'zod';
import type { Language } from '../shared/language';
import { progressSchema } from '../shared/progress';
import {
  dueCountSchema,
  gradeResponse,
  reviewQueueSchema,
  reviewSettingsSchema,
  saveCardResponse,
  savedKeysResponse,
  undoGradeResponse,
  type Grade,
  type ReviewSettings,
  type SaveCard,
} from '../shared/review';
import { request, requestText } from './http';

/** The learner's time zone: "today" in the review limits and on the progress page is theirs. */
export function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
const zone = () => `time_zone=${encodeURIComponent(timeZone())}`;

/** Review and progress calls (docs/api.md, "Review" and "Progress"), each validated against the shared schemas. */
export const reviewApi = {
  save: (card: SaveCard) => request('/api/review/cards', { body: card, schema: saveCardResponse, invalidMessage: 'Could not save the card. Try again.' }),
  saved: (language: Language, keys: string[]) =>
    request('/api/review/saved', { body: { language, keys }, schema: savedKeysResponse }).then((r) => new Set(r.saved)),
  queue: () => request(`/api/review/queue?${zone()}`, { schema: reviewQueueSchema }),
  dueCount: () => request(`/api/review/count?${zone()}`, { schema: dueCountSchema }).then((r) => r.due),
  grade: (cardId: string, grade: Grade) =>
    request(`/api/review/cards/${encodeURIComponent(cardId)}/grade`, { body: { grade }, schema: gradeResponse, invalidMessage: 'Could not save the grade. Try again.' }),
  undo: () => request('/api/review/undo', { body: {}, schema: undoGradeResponse, invalidMessage: 'Could not undo. Try again.' }),
  remove: (cardId: string) => request(`/api/review/cards/${encodeURIComponent(cardId)}`, { method: 'DELETE', schema: z.unknown() }),
  dueWords: (language: Language) => request(`/api/review/due-words?language=${language}`, { schema: z.object({ keys: z.array(z.string()) }) }).then((r) => r.keys),
  settings: () => request('/api/review/settings', { schema: reviewSettingsSchema }),
  updateSettings: (settings: ReviewSettings) => request('/api/review/settings', { method: 'PUT', body: settings, schema: reviewSettingsSchema }),
  exportText: (language: Language) => requestText(`/api/review/export?language=${language}`),
  progress: (language: Language, days?: number) =>
    request(`/api/progress?language=${language}&${zone()}${days ? `&days=${days}` : ''}`, { schema: progressSchema }),
};
