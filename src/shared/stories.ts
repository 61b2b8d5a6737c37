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
