import { z } from 'zod';
import type { Language } from '../shared/language';
import {
  importPreviewSchema,
  importResponse,
  knowledgeSummarySchema,
  levelCoverageSchema,
  markWordResponse,
  sceneCoverageSchema,
  sceneFinishedResponse,
  undoResponse,
  wordLookupResponse,
  type ImportSource,
  type WordState,
} from '../shared/words';
import { request } from './http';

/** Learner memory's calls (docs/api.md, "Words"), each validated against the shared schemas. */
export const wordsApi = {
  lookup: (language: Language, keys: string[]) =>
    request('/api/words/lookup', { body: { language, keys }, schema: wordLookupResponse }).then((r) => r.words),
  mark: (language: Language, key: string, state: WordState, storyId?: string) =>
    request('/api/words/mark', {
      body: { language, key, status: state.status, ...(state.status === 'learning' ? { stage: state.stage } : {}), ...(storyId ? { story_id: storyId } : {}) },
      schema: markWordResponse,
      invalidMessage: 'Could not mark the word. Try again.',
    }),
  undo: (changeId: string) =>
    request(`/api/words/changes/${encodeURIComponent(changeId)}/undo`, { body: {}, schema: undoResponse, invalidMessage: 'Could not undo. Try again.' }),
  sceneFinished: (sceneId: string, markKnown: boolean) =>
    request('/api/words/scene-finished', { body: { scene_id: sceneId, mark_known: markKnown }, schema: sceneFinishedResponse }),
  previewImport: (source: ImportSource) =>
    request('/api/words/import/preview', { body: source, schema: importPreviewSchema, invalidMessage: 'Could not read the list' }),
  applyImport: (source: ImportSource) =>
    request('/api/words/import', { body: source, schema: importResponse, invalidMessage: 'Could not import the words' }),
  summary: () => request('/api/words/summary', { schema: knowledgeSummarySchema }),
  onboarded: () => request('/api/words/onboarded', { body: {}, schema: z.unknown() }),
  levelCoverage: (language: Language) => request(`/api/words/coverage?language=${language}`, { schema: levelCoverageSchema }),
  storyCoverage: (storyId: string) => request(`/api/words/stories/${encodeURIComponent(storyId)}/coverage`, { schema: sceneCoverageSchema }),
};
