import type { Language } from '../../shared/language';
import type { LevelCoverage } from '../../shared/words';
import type { WordKnowledge } from './knowledge';
import { levelLists, LEVELS_OF } from './level-lists';

/** How much of each level's list the learner knows (a word counts under any of its spellings). */
export async function levelCoverage(knowledge: WordKnowledge, userId: string, language: Language): Promise<LevelCoverage> {
  const known = await knowledge.knownKeys(userId, language);
  const lists = levelLists()[language];
  return {
    language,
    levels: LEVELS_OF[language].map((level) => {
      const listed = lists.filter((w) => w.level === level);
      return { level, total: listed.length, known: listed.filter((w) => w.keys.some((key) => known.has(key))).length };
    }),
  };
}
