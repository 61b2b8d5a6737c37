import type { DetectedGrammarPattern, Language } from '../../../shared/language';
import type { Token } from '../token';
import type { GrammarPattern } from './catalogue';
import { matchRule, wordsOf } from './rule';

export type GrammarDetector = (tokens: Token[], text: string, language: Language) => DetectedGrammarPattern[];

export function createGrammarDetector(catalogue: GrammarPattern[]): GrammarDetector {
  const byLanguage = {
    ja: catalogue.filter((p) => p.language === 'ja'),
    en: catalogue.filter((p) => p.language === 'en'),
  };
  return (tokens, text, language) => {
    const words = wordsOf(tokens);
    const found: DetectedGrammarPattern[] = [];
    for (const pattern of byLanguage[language]) {
      for (const match of matchRule(pattern.rule, tokens, words)) {
        const start = tokens[match.first]!.start;
        const end = tokens[match.last]!.end;
        found.push({
          id: pattern.id,
          pattern: pattern.pattern,
          type: pattern.type,
          level: pattern.level,
          meaning: pattern.meaning,
          start,
          end,
          matched_text: text.slice(start, end),
        });
      }
    }
    return found.sort((a, b) => a.start - b.start || b.end - a.end);
  };
}
