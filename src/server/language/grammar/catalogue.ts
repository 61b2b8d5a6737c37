import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CEFR_LEVELS, JLPT_LEVELS, type Language } from '../../../shared/language';
import { compileRule, ruleSchema, type CompiledRule } from './rule';

export const JA_PATTERN_TYPES = [
  'particle', 'verb-form', 'auxiliary', 'adjective-form', 'conjunction', 'conditional', 'expression',
  'sentence-ending', 'honorific', 'comparison', 'noun-modifier', 'quotation', 'giving-receiving',
] as const;
export const EN_PATTERN_TYPES = [
  'tense', 'modal', 'conditional', 'passive', 'comparison', 'clause', 'question', 'structure',
  'verb-pattern', 'connector', 'quantifier', 'determiner', 'reported-speech',
] as const;

const text = z.string().trim().min(1);
const jaExample = z.object({ japanese: text, english: text, context: text }).strict();
const enExample = z.object({ english: text, context: text }).strict();
const common = {
  pattern: text,
  meaning: text,
  explanation: text,
  formation: text,
  negatives: z.array(text).min(1),
  rule: ruleSchema,
};

const jaPattern = z
  .object({
    id: z.string().regex(/^ja-[a-z0-9-]+$/),
    level: z.enum(JLPT_LEVELS),
    type: z.enum(JA_PATTERN_TYPES),
    examples: z.array(jaExample).min(2),
    /**
     * The JLPT grammar points (titles of assets/grammar/jlpt-grammar-points.tsv, exactly) this pattern teaches:
     * how the catalogue's coverage of what learners meet at each level is counted (scripts/grammar-coverage.ts).
     */
    points: z.array(text).optional(),
    ...common,
  })
  .strict();
const enPattern = z
  .object({
    id: z.string().regex(/^en-[a-z0-9-]+$/),
    level: z.enum(CEFR_LEVELS),
    type: z.enum(EN_PATTERN_TYPES),
    examples: z.array(enExample).min(2),
    ...common,
  })
  .strict();

export const patternFileSchema = z.array(z.union([jaPattern, enPattern]));
type PatternSource = z.infer<typeof patternFileSchema>[number];

export type GrammarPattern = Omit<PatternSource, 'rule' | 'examples'> & {
  language: Language;
  examples: { japanese?: string; english: string; context: string }[];
  rule: CompiledRule;
};

export const GRAMMAR_DIR = path.resolve(import.meta.dirname, '../../../../assets/grammar');

/** Reads and validates every pattern file; a broken file stops the server with its name and the problem. */
export function loadGrammarCatalogue(dir = GRAMMAR_DIR): GrammarPattern[] {
  const patterns: GrammarPattern[] = [];
  const ids = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const parsed = patternFileSchema.safeParse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    if (!parsed.success) {
      throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    for (const source of parsed.data) {
      if (ids.has(source.id)) throw new Error(`${file}: duplicate pattern id ${source.id}`);
      ids.add(source.id);
      patterns.push({
        ...source,
        language: source.id.startsWith('ja-') ? 'ja' : 'en',
        rule: compileRule(source.rule),
      });
    }
  }
  return patterns;
}
