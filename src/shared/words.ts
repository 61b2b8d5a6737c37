import { z } from 'zod';
import { languageSchema, levelSchema, type VocabularyWord, type WordType } from './language';

/**
 * What a learner knows of a word (Learner memory, docs/decisions.md). A word is keyed by its dictionary
 * form and reading (Japanese) or its lemma (English), so every inflection is the same word; the key comes
 * from the server's analysis (`VocabularyWord.key`) and is opaque to the client.
 */
export const WORD_STATUSES = ['new', 'learning', 'known', 'ignored'] as const;
export type WordStatus = (typeof WORD_STATUSES)[number];
/** Learning has four stages, as in LingQ: 1 is just met, 4 nearly known. */
export const LEARNING_STAGES = [1, 2, 3, 4] as const;

export const wordKeySchema = z.string().trim().min(1, 'The word key is required').max(200, 'The word key must be at most 200 characters');

export const wordStateSchema = z.object({
  status: z.enum(WORD_STATUSES),
  /** 1–4 while learning, 0 otherwise. */
  stage: z.number().int().min(0).max(4),
});
export type WordState = z.infer<typeof wordStateSchema>;
export const NEW_WORD: WordState = { status: 'new', stage: 0 };

/** A line's words at most: a scene line is far shorter. */
export const MAX_LOOKUP_KEYS = 500;
export const wordLookupBody = z.object({
  language: languageSchema,
  keys: z.array(wordKeySchema).max(MAX_LOOKUP_KEYS, `At most ${MAX_LOOKUP_KEYS} words at once`),
});
/** Only the words the learner has a state for; a key left out is new. */
export const wordLookupResponse = z.object({ words: z.record(z.string(), wordStateSchema) });

export const markWordBody = z
  .object({
    language: languageSchema,
    key: wordKeySchema,
    status: z.enum(WORD_STATUSES, { error: 'Status must be new, learning, known or ignored' }),
    stage: z.number().int().min(1, 'Stage must be 1 to 4').max(4, 'Stage must be 1 to 4').optional(),
    /** Where the learner met it, when marked while reading. */
    story_id: z.uuid().optional(),
  })
  .refine((body) => body.status !== 'learning' || body.stage !== undefined, { message: 'A learning word needs a stage from 1 to 4', path: ['stage'] });
export type MarkWord = z.infer<typeof markWordBody>;

export const wordChangeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['mark', 'scene', 'import', 'review']),
  /** How many words changed. */
  count: z.number().int().min(0),
});
export type WordChange = z.infer<typeof wordChangeSchema>;

export const markWordResponse = z.object({ key: z.string(), state: wordStateSchema, change: wordChangeSchema.nullable() });

export const sceneFinishedBody = z.object({
  scene_id: z.uuid({ error: 'The scene id must be a UUID' }),
  /** The learner's setting: words seen and never looked up become known. */
  mark_known: z.boolean(),
});
export const sceneFinishedResponse = z.object({
  /** Distinct words of the scene counted as seen (0 when the scene was counted before). */
  seen: z.number().int().min(0),
  /** The words that became known, to colour at once and to undo. */
  known: z.array(z.string()),
  change: wordChangeSchema.nullable(),
});

export const undoResponse = z.object({ restored: z.number().int().min(0), words: z.record(z.string(), wordStateSchema) });

/** Where the AnkiConnect add-on listens by default (its `webBindAddress` and `webBindPort`). */
export const ANKI_CONNECT_URL = 'http://127.0.0.1:8765';

export const IMPORT_TEXT_MAX = 1_000_000;
export const ANKI_CARDS_MAX = 50_000;
/** An Anki card whose interval is at least this many days counts as known; a shorter one as learning. */
export const ANKI_KNOWN_DAYS = 21;

const listSource = z.object({
  kind: z.literal('list'),
  language: languageSchema,
  text: z.string().max(IMPORT_TEXT_MAX, 'The list is too long: at most 1,000,000 characters'),
  format: z.enum(['lines', 'table', 'anki']).optional(),
  column: z.number().int().min(1).max(100).optional(),
  reading_column: z.number().int().min(1).max(100).optional(),
  /** What the listed words become. */
  status: z.enum(['known', 'learning']).default('known'),
});
const levelSource = z.object({ kind: z.literal('level'), language: languageSchema, level: levelSchema });
const ankiSource = z.object({
  kind: z.literal('anki'),
  language: languageSchema,
  deck: z.string().trim().min(1, 'Choose a deck').max(500),
  cards: z
    .array(
      z.object({
        word: z.string().max(2000),
        reading: z.string().max(2000).optional(),
        /** Anki's interval: days, or negative seconds while in learning. */
        interval: z.number().int(),
      }),
    )
    .max(ANKI_CARDS_MAX, `At most ${ANKI_CARDS_MAX.toLocaleString('en')} cards at once`),
  known_days: z.number().int().min(1).max(3650).default(ANKI_KNOWN_DAYS),
});
export const importSource = z.discriminatedUnion('kind', [listSource, levelSource, ankiSource], {
  error: 'The source must be a list, a level or an Anki deck',
});
export type ImportSource = z.input<typeof importSource>;

export const importPreviewSchema = z.object({
  /** Distinct words recognised in the source. */
  words: z.number().int().min(0),
  to_known: z.number().int().min(0),
  to_learning: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  /** A few of the words that would change, to show. */
  sample: z.array(z.object({ word: z.string(), reading: z.string().optional(), status: z.enum(['known', 'learning']) })),
  /** Lines that name nothing we could read as a word. */
  skipped: z.array(z.object({ line: z.number().int(), text: z.string() })),
  skipped_count: z.number().int().min(0),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const importResponse = importPreviewSchema.extend({ change: wordChangeSchema.nullable() });

export const knowledgeSummarySchema = z.object({
  languages: z.array(z.object({ language: languageSchema, known: z.number().int(), learning: z.number().int(), ignored: z.number().int() })),
});
export type KnowledgeSummary = z.infer<typeof knowledgeSummarySchema>;

export const levelCoverageSchema = z.object({
  language: languageSchema,
  levels: z.array(z.object({ level: levelSchema, known: z.number().int(), total: z.number().int() })),
});
export type LevelCoverage = z.infer<typeof levelCoverageSchema>;

/** The share of a scene's words the learner knows: whether a story is i+1 for them. */
export const sceneCoverageSchema = z.object({
  scene_id: z.uuid().nullable(),
  known: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type SceneCoverage = z.infer<typeof sceneCoverageSchema>;

/** Word types that are grammar rather than vocabulary: "the", "a", "this", "my", "you", これ, あの. */
const FUNCTION_TYPES: ReadonlySet<WordType> = new Set(['pronoun', 'determiner']);

/**
 * Japanese words the analysis types as nouns and verbs but that work as grammar: formal nouns written in
 * kana (こと, もの, ところ …) and the subsidiary verbs after a て-form (〜ている, 〜てみる, 〜てしまう …).
 * Grammar mode explains them as patterns.
 */
const JA_FORMAL_NOUNS: ReadonlySet<string> = new Set(['こと', 'もの', 'ところ', 'ため', 'はず', 'わけ', 'よう', 'つもり', 'まま', 'ほう', 'の', 'ん']);
const JA_SUBSIDIARY_VERBS: ReadonlySet<string> = new Set(['いる', 'ある', 'おく', 'しまう', 'みる', 'いく', 'くる', 'あげる', 'くれる', 'もらう', 'みせる']);

/** ちゃう and じゃう: 〜てしまう run together (なっちゃう, 読んじゃう), a grammar pattern. */
const JA_CONTRACTED_AUXILIARIES: ReadonlySet<string> = new Set(['ちゃう', 'じゃう']);

export function worksAsGrammar(text: string, word: VocabularyWord): boolean {
  // Japanese determiners written with a kanji are words to learn (小さな, 大きな); この, その, あの are not.
  if (word.word_type === 'determiner' && /\p{Script=Han}/u.test(word.surface)) return false;
  if (FUNCTION_TYPES.has(word.word_type)) return true;
  const base = word.base_form || word.surface;
  if (word.word_type === 'verb' && JA_CONTRACTED_AUXILIARIES.has(base)) return true;
  if (word.word_type === 'noun' && JA_FORMAL_NOUNS.has(base) && JA_FORMAL_NOUNS.has(word.surface)) return true;
  const before = text[word.start - 1];
  return word.word_type === 'verb' && JA_SUBSIDIARY_VERBS.has(base) && (before === 'て' || before === 'で');
}

/**
 * Whether `word` is one of the story's characters: their name, or one word of it ("Ruth" of "Ruth Evans").
 * A dictionary knows a name only as something else (Ruth, a baseball player), so it is never explained as a
 * word. Written as the name is: "Rose" is the character, "rose" the flower.
 */
export function isCastName(word: Pick<VocabularyWord, 'surface'>, names: readonly string[]): boolean {
  const key = (text: string) => text.normalize('NFKC');
  const surface = key(word.surface);
  return names.some((name) => key(name) === surface || key(name).split(/\s+/u).some((part) => part.length > 1 && part === surface));
}

/**
 * Whether a word of `text` is one a learner knows or learns: a graded word (names, numbers and unlisted
 * loanwords are not), not grammar, not one of the story's characters. The same on both sides, so the
 * words counted at a scene's end are the words the reader coloured.
 */
export function isLearnable(text: string, word: VocabularyWord, names: readonly string[] = []): boolean {
  return word.level !== null && !isFragment(word) && !worksAsGrammar(text, word) && !isCastName(word, names);
}

/**
 * A piece the tokenizer cut out of a word it does not know (ゃっ of きゃっ, ろ of 見てろ): it starts with a
 * small kana or a long mark, or is a lone hiragana taken for a noun. No word to learn.
 */
function isFragment(word: VocabularyWord): boolean {
  if (/^[ぁぃぅぇぉゃゅょゎっァィゥェォャュョヮッー]/u.test(word.surface)) return true;
  return word.word_type === 'noun' && /^\p{Script=Hiragana}$/u.test(word.surface);
}
