import { z } from 'zod';

export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const JLPT_LEVELS = ['N5', 'N4', 'N3', 'N2', 'N1'] as const;
export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type JlptLevel = (typeof JLPT_LEVELS)[number];
export type CefrLevel = (typeof CEFR_LEVELS)[number];
export type StoryLevel = JlptLevel | CefrLevel;

/** Texts longer than this are refused by the analysis calls: a scene is far shorter. */
export const MAX_ANALYSIS_CHARS = 10_000;

export const languageSchema = z.enum(LANGUAGES, { error: 'Language must be ja or en' });
export const levelSchema = z.enum([...JLPT_LEVELS, ...CEFR_LEVELS], {
  error: 'Level must be one of N5, N4, N3, N2, N1 (Japanese) or A1, A2, B1, B2, C1, C2 (English)',
});

export function languageOfLevel(level: StoryLevel): Language {
  return level.startsWith('N') ? 'ja' : 'en';
}

/** 0 is the easiest level of either scale; the two scales are never compared with each other. */
export function levelRank(level: StoryLevel): number {
  const ja = (JLPT_LEVELS as readonly string[]).indexOf(level);
  return ja >= 0 ? ja : (CEFR_LEVELS as readonly string[]).indexOf(level);
}

/** A word's level: a JLPT or CEFR level, or N1+ for Japanese beyond the N1 lists. */
export const wordLevelSchema = z.enum([...JLPT_LEVELS, 'N1+', ...CEFR_LEVELS]);
export type WordLevel = z.infer<typeof wordLevelSchema>;

export const WORD_TYPES = ['noun', 'verb', 'adjective', 'adverb', 'pronoun', 'determiner', 'proper-noun', 'other'] as const;
export type WordType = (typeof WORD_TYPES)[number];

const analysisText = z
  .string({ error: 'Text is required' })
  .trim()
  .min(1, 'Text is required')
  .max(MAX_ANALYSIS_CHARS, `Text must be at most ${MAX_ANALYSIS_CHARS} characters`);

export const analysisBody = z.object({
  text: analysisText,
  user_level: levelSchema.optional(),
  language: languageSchema.optional(),
});

export const grammarDetectBody = analysisBody.extend({ include_explanations: z.boolean().optional() });

export const grammarExplainBody = z.object({
  pattern_id: z.string().max(100).optional(),
  highlighted_text: z.string().trim().min(1, 'The highlighted text is required').max(500),
  full_sentence: analysisText,
  user_level: levelSchema.optional(),
  language: languageSchema.optional(),
});

export const FEEDBACK_TYPES = ['helpful', 'not_helpful', 'incorrect', 'unclear', 'other'] as const;
export const grammarFeedbackBody = z.object({
  pattern_id: z.string().trim().min(1, 'The pattern is required').max(100),
  feedback_type: z.enum(FEEDBACK_TYPES, { error: `Feedback type must be one of ${FEEDBACK_TYPES.join(', ')}` }),
  details: z.string().max(2000).optional(),
  user_agent: z.string().max(500).optional(),
  app_version: z.string().max(50).optional(),
});

export const vocabularyDetectBody = analysisBody;

export const vocabularyExplainBody = z.object({
  word: z.string().trim().min(1, 'The word is required').max(100, 'The word must be at most 100 characters'),
  /** The analysis's key of the word (`VocabularyWord.key`): a signed-in learner's look-up is counted on it. */
  key: z.string().trim().min(1).max(200, 'The word key must be at most 200 characters').optional(),
  full_sentence: z.string().max(2000).optional(),
  context_snippet: z.string().max(2000).optional(),
  language: languageSchema.optional(),
  user_level: levelSchema.optional(),
});
export type VocabularyExplainRequest = z.infer<typeof vocabularyExplainBody>;

export const MAX_BATCH_ITEMS = 50;
export const vocabularyBatchBody = z.object({
  items: z
    .array(vocabularyExplainBody)
    .min(1, 'At least one item is required')
    .max(MAX_BATCH_ITEMS, `At most ${MAX_BATCH_ITEMS} items per batch`),
});

export const grammarPatternSchema = z.object({
  id: z.string(),
  pattern: z.string(),
  type: z.string(),
  level: levelSchema,
  meaning: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  matched_text: z.string(),
});
export type DetectedGrammarPattern = z.infer<typeof grammarPatternSchema>;

export const vocabularyWordSchema = z.object({
  surface: z.string(),
  reading: z.string(),
  base_form: z.string(),
  word_type: z.enum(WORD_TYPES),
  start: z.number().int(),
  end: z.number().int(),
  /** JLPT or CEFR level; null for names, numbers and loanwords, which are not graded. */
  level: wordLevelSchema.nullable(),
  /** What the learner's knowledge of the word is kept under (src/shared/words.ts): the same for every inflection. */
  key: z.string(),
  /** Set when no dictionary knew the word and its reading was put together kanji by kanji. */
  reading_guessed: z.literal(true).optional(),
});
export type VocabularyWord = z.infer<typeof vocabularyWordSchema>;

export const analysisResultSchema = z.object({
  fingerprint: z.string(),
  language: languageSchema,
  html_text: z.string(),
  grammar_patterns: z.array(grammarPatternSchema),
  vocabulary_words: z.array(vocabularyWordSchema),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

export const grammarExampleSchema = z.object({
  japanese: z.string().optional(),
  english: z.string(),
  context: z.string(),
});

export const grammarExplanationSchema = z.object({
  pattern_id: z.string(),
  pattern: z.string(),
  jlpt_level: z.enum(JLPT_LEVELS).optional(),
  cefr_level: z.enum(CEFR_LEVELS).optional(),
  pattern_type: z.string(),
  meaning: z.string(),
  formation: z.string(),
  basic_explanation: z.string(),
  examples: z.array(grammarExampleSchema),
  anki_export_data: z.object({ front: z.string(), back: z.string() }),
});
export type GrammarExplanation = z.infer<typeof grammarExplanationSchema>;

export const vocabularyExplanationSchema = z.object({
  word: z.string(),
  reading: z.string(),
  part_of_speech: z.string(),
  level: wordLevelSchema.nullable(),
  explanation: z.string(),
  contextual: z.boolean(),
});
export type VocabularyExplanation = z.infer<typeof vocabularyExplanationSchema>;
