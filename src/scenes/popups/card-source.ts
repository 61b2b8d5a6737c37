import type { Language } from '../../shared/language';

/** Where a word or pattern was met: what a saved card and an Anki note carry besides the word itself. */
export interface CardSource {
  storyId?: string;
  sceneId?: string;
  storyTitle: string;
  sceneNumber?: number;
}

/** "The Lighthouse, scene 3": the story line of a card, as the Anki export writes it. */
export function sourceText(source: CardSource | undefined): string {
  if (!source?.storyTitle) return '';
  return source.sceneNumber ? `${source.storyTitle}, scene ${source.sceneNumber}` : source.storyTitle;
}

/**
 * The dictionary form and its reading from a word's key (`base|reading` in Japanese, the lemma in English),
 * so a card shows 食べる・たべる for the 食べた the learner clicked.
 */
export function headwordOf(key: string, language: Language, fallback: { word: string; reading: string }): { word: string; reading: string } {
  if (language === 'en') return { word: key || fallback.word, reading: '' };
  const [word, reading] = key.split('|');
  return word ? { word, reading: reading ?? fallback.reading } : fallback;
}
