import type { GrammarExplanation } from '../../../shared/language';
import type { GrammarPattern } from './catalogue';

/**
 * The popup's explanation of a pattern, with an Anki card: the front asks (the pattern in the
 * learner's own sentence), the back answers (meaning, formation, explanation, an example).
 */
export function explainPattern(pattern: GrammarPattern, sentence: string): GrammarExplanation {
  const example = pattern.examples[0]!;
  const exampleLine = example.japanese ? `${example.japanese}\n${example.english}` : example.english;
  return {
    pattern_id: pattern.id,
    pattern: pattern.pattern,
    ...(pattern.language === 'ja' ? { jlpt_level: pattern.level as GrammarExplanation['jlpt_level'] } : { cefr_level: pattern.level as GrammarExplanation['cefr_level'] }),
    pattern_type: pattern.type,
    meaning: pattern.meaning,
    formation: pattern.formation,
    basic_explanation: pattern.explanation,
    examples: pattern.examples,
    anki_export_data: {
      front: `${pattern.pattern}\n\n${sentence.trim()}`,
      back: [`Meaning: ${pattern.meaning}`, `Formation: ${pattern.formation}`, '', pattern.explanation, '', `Example: ${exampleLine}`].join('\n'),
    },
  };
}
