import { z } from 'zod';
import { appearanceSchema, EMOTIONS } from '../../../shared/art';
import { CEFR_LEVELS, JLPT_LEVELS, LANGUAGES } from '../../../shared/language';
import { THEME_IDS } from '../../../shared/stories';

/**
 * An authored branching story in `assets/stories/*.json`. Scenes are keyed by id; a scene has 2–3
 * choices that name the next scene, or is an ending. Speakers are character keys, or "narrator".
 */
const key = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _');

const line = z
  .object({
    speaker: key,
    emotion: z.enum(EMOTIONS),
    text: z.string().trim().min(1).max(300),
  })
  .strict();

const choice = z
  .object({
    text: z.string().trim().min(1).max(160),
    language_note: z.string().trim().min(1).max(300),
    next: key,
  })
  .strict();

const scene = z
  .object({
    setting: z
      .object({
        location: z.string().trim().min(1).max(120),
        time_of_day: z.enum(['morning', 'day', 'evening', 'night']),
        weather: z.enum(['clear', 'cloudy', 'rain', 'snow', 'fog']),
        atmosphere: z.string().trim().min(1).max(40),
      })
      .strict(),
    lines: z.array(line).min(6).max(12),
    choices: z.array(choice).min(2).max(3).optional(),
    ending: z.object({ title: z.string().trim().min(1).max(80) }).strict().optional(),
  })
  .strict()
  .refine((s) => !!s.choices !== !!s.ending, 'a scene has either choices or an ending');

export const libraryStorySchema = z
  .object({
    id: key,
    language: z.enum(LANGUAGES),
    /** The band it is written for, lowest first (e.g. ["N5", "N4"] or ["B1", "B2"]). */
    levels: z.array(z.enum([...JLPT_LEVELS, ...CEFR_LEVELS])).min(1).max(2),
    theme: z.enum(THEME_IDS),
    title: z.string().trim().min(1).max(80),
    summary: z.string().trim().min(1).max(400),
    /** Words a learner's custom wish is matched against (lower-case English, and the story's language for Japanese). */
    tags: z.array(z.string().trim().toLowerCase().min(1).max(30)).min(3).max(12),
    characters: z
      .array(z.object({ key, name: z.string().trim().min(1).max(40), appearance: appearanceSchema }).strict())
      .min(2)
      .max(4),
    start: key,
    scenes: z.record(key, scene),
  })
  .strict();

export type LibraryStory = z.infer<typeof libraryStorySchema>;
export type LibraryScene = LibraryStory['scenes'][string];
