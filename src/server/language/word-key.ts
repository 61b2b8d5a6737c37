import type { Language } from '../../shared/language';

/**
 * The key a learner's knowledge of a word is kept under: dictionary form and its reading for Japanese
 * (食べる|たべる: 橋 and 箸 are two words, 分かる and 判る one each), the lemma for English (ran and runs
 * are run). Every inflection of a word has the same key.
 */
export function wordKey(language: Language, base: string, baseReading = ''): string {
  const form = base.normalize('NFKC');
  return language === 'ja' ? `${form}|${baseReading}` : form.toLowerCase();
}
