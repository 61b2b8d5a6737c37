import type { Language } from '../../shared/language';
import { isLearnable } from '../../shared/words';
import type { LanguageServices } from '../language/services';

/** The words of a scene a learner knows or learns, by key, with how often each occurs and one way it is written. */
export interface SceneWords {
  counts: Map<string, number>;
  words: Map<string, { word: string; reading: string }>;
}

const CACHE_SIZE = 500;

/**
 * A finished scene never changes, so its words are worked out once per process (a scene's analysis takes a
 * few milliseconds a line; My Stories asks for one per story card).
 */
export function createSceneWords(language: LanguageServices) {
  const cache = new Map<string, SceneWords>();

  function of(sceneId: string, lang: Language, lines: readonly { text: string }[], names: readonly string[]): SceneWords {
    const hit = cache.get(sceneId);
    if (hit) return hit;
    const counts = new Map<string, number>();
    const words = new Map<string, { word: string; reading: string }>();
    for (const line of lines) {
      const analysed = language.analyse(line.text, lang);
      for (const word of language.vocabulary(analysed)) {
        if (!isLearnable(analysed.text, word, names)) continue;
        counts.set(word.key, (counts.get(word.key) ?? 0) + 1);
        if (!words.has(word.key)) words.set(word.key, { word: word.base_form || word.surface, reading: word.reading });
      }
    }
    const result = { counts, words };
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(sceneId, result);
    return result;
  }

  return { of };
}

export type SceneWordsOf = ReturnType<typeof createSceneWords>;
