import { z } from 'zod';
import { languageOfLevel, languageSchema, levelSchema, type Language, type StoryLevel } from '../shared/language';
import { readStored } from './persist';

export const STORY_CHOICE_STORAGE_KEY = 'kotoba.story-choice';

/** The language and level the learner chose last on the creation screen (the theme is chosen afresh). */
export interface StoryChoice {
  language: Language | null;
  level: StoryLevel | null;
}

const NOTHING: StoryChoice = { language: null, level: null };

const storedChoice = z.object({ language: languageSchema.nullable().catch(null), level: levelSchema.nullable().catch(null) });

/**
 * The remembered choice, kept in this browser like the reader preferences. Read when the creation screen
 * opens (not once per module), so a reload or another tab's choice is picked up. A level that does not
 * belong to the language (an edited or stale value) is dropped, and a level is never kept without its language.
 */
export function rememberedStoryChoice(): StoryChoice {
  const parsed = storedChoice.safeParse(readStored(STORY_CHOICE_STORAGE_KEY));
  if (!parsed.success || !parsed.data.language) return { ...NOTHING };
  const { language, level } = parsed.data;
  return { language, level: level && languageOfLevel(level) === language ? level : null };
}

/** Stores the learner's latest language and level; called on every change, so the memory follows them. */
export function rememberStoryChoice(choice: StoryChoice): void {
  try {
    localStorage.setItem(STORY_CHOICE_STORAGE_KEY, JSON.stringify({ language: choice.language, level: choice.level }));
  } catch {
    // Private mode or a full quota: the choice still works, it just is not remembered.
  }
}
