import { and, asc, desc, eq, lte, ne } from 'drizzle-orm';
import type { Language, StoryLevel } from '../../shared/language';
import type { Database } from '../db/client';
import { reviewCards, wordKnowledge } from '../db/schema';
import { isAtOrBelow } from '../language/profile';
import type { LanguageServices } from '../language/services';
import type { WordKnowledge } from '../words/knowledge';

/** Words a scene's prompt asks the model to use: a handful, or the scene would be about them. */
export const PRACTICE_WORDS_MAX = 5;
/** Cards coming due within this window count as due: the scene is read today, the review may be tonight. */
const DUE_SOON_MS = 86_400_000;
/** Candidates looked at before the level filter leaves the few that fit. */
const CANDIDATES = 60;

export interface PracticeWord {
  key: string;
  word: string;
  reading: string;
}

/** The dictionary form and reading of a word key (`base|reading`, or an English lemma). */
export function fromKey(key: string, language: Language): PracticeWord {
  if (language === 'en') return { key, word: key, reading: '' };
  const [word = key, reading = ''] = key.split('|');
  return { key, word, reading };
}

/**
 * What a storyteller that writes may know of its reader (Learner memory 2): the words they are learning,
 * due first, at or below the story's level, to weave into the next scene; and the words they know, which the
 * level check counts as in-level however hard the lists say they are.
 */
export function createLearnerWords(db: Database, knowledge: WordKnowledge, language: LanguageServices) {
  function fits(word: PracticeWord, lang: Language, level: StoryLevel): boolean {
    const wordLevel = language.wordLevel(word.word, lang === 'ja' ? word.reading : word.word, lang);
    return isAtOrBelow(wordLevel, level);
  }

  async function practice(userId: string, lang: Language, level: StoryLevel): Promise<PracticeWord[]> {
    const due = await db
      .select({ key: reviewCards.key })
      .from(reviewCards)
      .where(
        and(
          eq(reviewCards.userId, userId),
          eq(reviewCards.language, lang),
          eq(reviewCards.kind, 'word'),
          ne(reviewCards.state, 0),
          lte(reviewCards.due, new Date(Date.now() + DUE_SOON_MS)),
        ),
      )
      .orderBy(asc(reviewCards.due))
      .limit(CANDIDATES);
    const learning = await db
      .select({ key: wordKnowledge.key })
      .from(wordKnowledge)
      .where(and(eq(wordKnowledge.userId, userId), eq(wordKnowledge.language, lang), eq(wordKnowledge.status, 'learning')))
      .orderBy(desc(wordKnowledge.updatedAt))
      .limit(CANDIDATES);
    const chosen: PracticeWord[] = [];
    for (const { key } of [...due, ...learning]) {
      if (chosen.length >= PRACTICE_WORDS_MAX || chosen.some((w) => w.key === key)) continue;
      const word = fromKey(key, lang);
      if (fits(word, lang, level)) chosen.push(word);
    }
    return chosen;
  }

  /** Keys of the word cards due now: the reader marks them in a scene that happens to contain them. */
  async function dueKeys(userId: string, lang: Language): Promise<string[]> {
    const rows = await db
      .select({ key: reviewCards.key })
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.language, lang), eq(reviewCards.kind, 'word'), ne(reviewCards.state, 0), lte(reviewCards.due, new Date())))
      .orderBy(asc(reviewCards.due))
      .limit(500);
    return rows.map((row) => row.key);
  }

  return { practice, dueKeys, knownKeys: knowledge.knownKeys };
}

export type LearnerWords = ReturnType<typeof createLearnerWords>;
