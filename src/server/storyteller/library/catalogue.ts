import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language, StoryLevel } from '../../../shared/language';
import { libraryStorySchema, type LibraryStory } from './format';
import { duplicateKeys, storyProblems } from './validate';

export const LIBRARY_DIR = path.resolve(import.meta.dirname, '../../../../assets/stories');

/** The level bands the library is written for; a story is only ever told within its band. */
export const BANDS: Record<Language, StoryLevel[][]> = {
  ja: [['N5', 'N4'], ['N3'], ['N2', 'N1']],
  en: [['A1', 'A2'], ['B1', 'B2'], ['C1', 'C2']],
};

export function bandOf(language: Language, level: StoryLevel): StoryLevel[] {
  return BANDS[language].find((band) => band.includes(level)) ?? [level];
}

/** Reads and checks every story file; a broken file stops the server with its problems named. */
export function loadLibrary(dir = LIBRARY_DIR): LibraryStory[] {
  const stories: LibraryStory[] = [];
  // By name without ".json", so a theme's first story ("…-mystery") comes before its later ones ("…-mystery-2").
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)).sort().map((f) => `${f}.json`);
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const duplicates = duplicateKeys(text);
    if (duplicates.length > 0) throw new Error(`${file}: written twice: ${duplicates.join(', ')}`);
    const parsed = libraryStorySchema.safeParse(JSON.parse(text));
    if (!parsed.success) {
      throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    const problems = storyProblems(parsed.data);
    if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
    stories.push(parsed.data);
  }
  return stories;
}
