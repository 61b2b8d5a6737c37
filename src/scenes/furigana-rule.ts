import { levelRank, type StoryLevel, type VocabularyWord } from '../shared/language';
import type { WordState } from '../shared/words';
import type { FuriganaRule } from '../state/preferences';
import { wordLevelRank } from './analysis';
import type { Ruby } from './line-markup';

/**
 * The readings furigana shows under a rule. `words` is the line's analysis: null while it is on its way
 * (nothing is shown rather than readings that then vanish), 'failed' when it could not be had (all shown:
 * too many readings beat none). A reading not inside any word (a name the analysis split oddly) stays.
 */
export function furiganaFor(
  rubies: readonly Ruby[],
  rule: FuriganaRule,
  words: readonly VocabularyWord[] | null | 'failed',
  level: StoryLevel,
  stateOf: (key: string) => WordState,
): readonly Ruby[] {
  if (rule === 'all' || words === 'failed') return rubies;
  if (words === null) return [];
  const learner = levelRank(level);
  return rubies.filter((ruby) => {
    const word = words.find((w) => w.start <= ruby.start && ruby.end <= w.end);
    if (!word) return true;
    // A word the learner knows needs no reading, whatever the rule.
    if (stateOf(word.key).status === 'known') return false;
    if (rule === 'unknown') return true;
    return word.level === null || !word.level.startsWith('N') || wordLevelRank(word.level) > learner;
  });
}
