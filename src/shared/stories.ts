import { z } from 'zod';
import { languageSchema, levelSchema } from './language';

/** The story themes the server offers (GET /api/stories/themes). */
export const THEMES = [
  { id: 'romance', name: 'Romance', description: 'Chance meetings, quiet feelings and the courage to say them out loud.' },
  { id: 'mystery', name: 'Mystery', description: 'Small clues, strange events and a puzzle only you can solve.' },
  { id: 'adventure', name: 'Adventure', description: 'Journeys to new places, unexpected trouble and brave decisions.' },
  { id: 'slice_of_life', name: 'Slice of Life', description: 'Everyday days with friends, family, food and little surprises.' },
  { id: 'school_life', name: 'School Life', description: 'Classrooms, clubs, festivals and the friendships that start there.' },
  { id: 'workplace', name: 'Workplace', description: 'A new job, demanding colleagues and a project that must not fail.' },
] as const;
export const THEME_IDS = ['romance', 'mystery', 'adventure', 'slice_of_life', 'school_life', 'workplace'] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export const themeSchema = z.object({ id: z.enum(THEME_IDS), name: z.string(), description: z.string() });
export type Theme = z.infer<typeof themeSchema>;

/** PRODUCT.md: an optional custom prompt, capped, that cannot override level, language or safety. */
export const CUSTOM_PROMPT_MAX = 500;

export const storyLevelSchema = levelSchema;
export { languageSchema };

/** SPEC §2 level table: the label and description of every level offered on the creation screen. */
export const LEVEL_OPTIONS = {
  ja: [
    { level: 'N5', name: 'Beginner', description: 'basic vocabulary and grammar' },
    { level: 'N4', name: 'Elementary', description: 'simple conversations' },
    { level: 'N3', name: 'Intermediate', description: 'everyday situations' },
    { level: 'N2', name: 'Upper Intermediate', description: 'complex topics' },
    { level: 'N1', name: 'Advanced', description: 'native-like fluency' },
  ],
  en: [
    { level: 'A1', name: 'Beginner', description: 'basic phrases and simple interactions' },
    { level: 'A2', name: 'Elementary', description: 'everyday situations and routine tasks' },
    { level: 'B1', name: 'Intermediate', description: 'can handle travel and work situations' },
    { level: 'B2', name: 'Upper Intermediate', description: 'comfortable with complex topics' },
    { level: 'C1', name: 'Advanced', description: 'fluent in professional and academic contexts' },
    { level: 'C2', name: 'Mastery', description: 'native-like command of the language' },
  ],
} as const satisfies Record<'ja' | 'en', readonly { level: z.infer<typeof levelSchema>; name: string; description: string }[]>;

export const themesResponse = z.object({ success: z.literal(true), data: z.object({ themes: z.array(themeSchema) }) });
