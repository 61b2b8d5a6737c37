import type { Language } from '../../../shared/language';
import type { Token } from '../token';
import type { GrammarPattern } from './catalogue';
import { matchRule, wordsOf } from './rule';

export interface PatternCheck {
  id: string;
  /** Examples the pattern's own rule does not find. */
  missed: string[];
  /** Negative sentences in which the rule wrongly finds the pattern. */
  falseHits: string[];
  truePositives: number;
}

export type Tokenize = (text: string, language: Language) => Token[];

/**
 * Runs every pattern's rule over its own examples (each must be found) and its negatives (none may
 * be found): the catalogue's recall and precision, measured on the data the authors wrote.
 */
export function checkPatterns(patterns: GrammarPattern[], tokenize: Tokenize): PatternCheck[] {
  return patterns.map((pattern) => {
    const found = (sentence: string) => {
      const tokens = tokenize(sentence, pattern.language);
      return matchRule(pattern.rule, tokens, wordsOf(tokens)).length > 0;
    };
    const examples = pattern.examples.map((e) => (pattern.language === 'ja' ? e.japanese! : e.english));
    const missed = examples.filter((s) => !found(s));
    return {
      id: pattern.id,
      missed,
      falseHits: pattern.negatives.filter(found),
      truePositives: examples.length - missed.length,
    };
  });
}

export function precisionOf(checks: PatternCheck[]): number {
  const tp = checks.reduce((n, c) => n + c.truePositives, 0);
  const fp = checks.reduce((n, c) => n + c.falseHits.length, 0);
  return tp + fp === 0 ? 1 : tp / (tp + fp);
}
