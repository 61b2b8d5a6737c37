import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  type Language,
  type StoryLevel,
  type VocabularyExplainRequest,
  type VocabularyExplanation,
  vocabularyExplanationSchema,
} from '../../../shared/language';
import type { Database } from '../../db/client';
import { vocabularyExplanations } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { LlmClient } from '../../llm/client';
import { looksJapanese } from '../japanese/kana';
import type { LanguageServices } from '../services';
import { classifyWords } from './words';

export const CONTEXTUAL_TIMEOUT_MS = 8000;
const MAX_EXPLANATION_CHARS = 1200;

interface ResolvedWord {
  language: Language;
  surface: string;
  base: string;
  reading: string;
  type: string;
}

export interface ExplainOutcome {
  explanation: VocabularyExplanation;
  cached: boolean;
}

/** The language of a request: as given, else from the word's script; a mismatch is refused. */
export function languageOfWord(word: string, given?: Language): Language {
  const japanese = looksJapanese(word);
  if (given === 'en' && japanese) throw new HttpError(400, 'The word is Japanese, not English');
  if (given === 'ja' && !japanese) throw new HttpError(400, 'The word is not Japanese');
  return given ?? (japanese ? 'ja' : 'en');
}

/**
 * Explains a word a learner clicked: from the dictionary (offline, always), or, when a chat model is
 * configured and the sentence is known, in its context, falling back to the dictionary when the
 * model is slow or fails. Both kinds are cached in the database.
 */
export function createVocabularyExplainer(deps: { db: Database; language: LanguageServices; llm?: LlmClient; log?: { warn: (o: object, m: string) => void } }) {
  const { db, language, llm } = deps;

  function resolve(request: VocabularyExplainRequest): ResolvedWord {
    const lang = languageOfWord(request.word, request.language);
    const sentence = request.full_sentence ?? request.context_snippet ?? '';
    const at = sentence.indexOf(request.word);
    if (at >= 0) {
      const analysed = language.analyse(sentence, lang);
      const token = analysed.tokens.find((t) => t.start <= at && t.end > at && t.end <= at + request.word.length + 8);
      if (token) return { language: lang, surface: request.word, base: token.base, reading: token.reading, type: typeOf(token.index, analysed.tokens, lang) };
    }
    const analysed = language.analyse(request.word, lang);
    const words = classifyWords(analysed.tokens, lang);
    const token = words[0]?.token ?? analysed.tokens[0];
    if (!token) throw new HttpError(400, 'The word is required');
    // A single word is its own dictionary form only if the tokenizer kept it whole.
    const whole = analysed.tokens.length === 1;
    return {
      language: lang,
      surface: request.word,
      base: whole ? token.base : request.word,
      reading: whole ? token.reading : '',
      type: words[0]?.type ?? 'other',
    };
  }

  function typeOf(index: number, tokens: ReturnType<LanguageServices['tokenize']>, lang: Language) {
    const token = tokens[index];
    return (token && classifyWords([token], lang)[0]?.type) ?? 'other';
  }

  function fromDictionary(word: ResolvedWord): VocabularyExplanation {
    if (word.language === 'ja') {
      const entry = language.dictionary().lookup(word.base, word.reading);
      const reading = entry?.reading ?? word.reading;
      const glosses = entry?.glosses ?? [];
      return {
        word: word.base,
        reading,
        part_of_speech: entry?.partOfSpeech ?? word.type,
        level: language.wordLevel(word.base, word.reading, 'ja'),
        explanation: glosses.length === 0 ? '' : glosses.map((g, i) => (glosses.length > 1 ? `${i + 1}. ${g}` : g)).join('\n'),
        contextual: false,
      };
    }
    const senses = language.englishSenses(word.base, word.type as never, 3);
    return {
      word: word.base,
      reading: '',
      part_of_speech: senses[0]?.partOfSpeech ?? word.type,
      level: language.wordLevel(word.base, word.surface, 'en'),
      explanation: senses.map((s, i) => (senses.length > 1 ? `${i + 1}. ${s.definition}` : s.definition)).join('\n'),
      contextual: false,
    };
  }

  async function fromModel(word: ResolvedWord, sentence: string, level: StoryLevel | undefined, dictionary: VocabularyExplanation) {
    const learner = word.language === 'ja' ? `Japanese at JLPT ${level ?? 'N4'}` : `English at CEFR ${level ?? 'B1'}`;
    const text = await llm!.complete(
      [
        {
          role: 'system',
          content:
            `You explain one word to a learner of ${learner}. Answer in plain English, 1 to 3 short sentences: ` +
            'what the word means in this sentence, and anything about its form or nuance the learner needs. ' +
            'No markdown, no HTML, no quotes around the answer.',
        },
        { role: 'user', content: `Sentence: ${sentence}\nWord: ${word.surface} (dictionary form ${word.base})` },
      ],
      { timeoutMs: CONTEXTUAL_TIMEOUT_MS, maxTokens: 200 },
    );
    const explanation = text.trim();
    if (!explanation || explanation.length > MAX_EXPLANATION_CHARS) throw new Error('unusable model answer');
    return vocabularyExplanationSchema.parse({ ...dictionary, explanation, contextual: true });
  }

  const keyOf = (parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

  async function cached(key: string): Promise<VocabularyExplanation | null> {
    const [row] = await db
      .update(vocabularyExplanations)
      .set({ hits: sql`${vocabularyExplanations.hits} + 1` })
      .where(eq(vocabularyExplanations.key, key))
      .returning();
    const parsed = row && vocabularyExplanationSchema.safeParse(row.explanation);
    return parsed?.success ? parsed.data : null;
  }

  async function store(key: string, word: ResolvedWord, explanation: VocabularyExplanation) {
    await db
      .insert(vocabularyExplanations)
      .values({ key, language: word.language, word: word.base, contextual: explanation.contextual, explanation })
      .onConflictDoNothing();
  }

  async function explain(request: VocabularyExplainRequest): Promise<ExplainOutcome> {
    await language.ready;
    const word = resolve(request);
    const sentence = request.full_sentence ?? request.context_snippet;
    const dictionaryKey = keyOf(['dictionary', word.language, word.base, word.reading]);
    const contextualKey = llm && sentence ? keyOf(['contextual', llm.model, word.language, word.base, sentence, request.user_level ?? '']) : null;

    if (contextualKey) {
      const hit = await cached(contextualKey);
      if (hit) return { explanation: { ...hit, word: request.word }, cached: true };
    }
    let dictionary = await cached(dictionaryKey);
    const dictionaryCached = dictionary !== null;
    if (!dictionary) {
      dictionary = fromDictionary(word);
      await store(dictionaryKey, word, dictionary);
    }
    if (contextualKey && sentence) {
      try {
        const contextual = await fromModel(word, sentence, request.user_level, dictionary);
        await store(contextualKey, word, contextual);
        return { explanation: { ...contextual, word: request.word }, cached: false };
      } catch (err) {
        deps.log?.warn({ err }, 'contextual explanation failed; answering from the dictionary');
      }
    }
    return { explanation: { ...dictionary, word: request.word }, cached: dictionaryCached };
  }

  async function stats() {
    const [row] = await db
      .select({
        entries: sql<number>`count(*)::int`,
        contextual: sql<number>`count(*) filter (where ${vocabularyExplanations.contextual})::int`,
        hits: sql<number>`coalesce(sum(${vocabularyExplanations.hits}), 0)::int`,
      })
      .from(vocabularyExplanations);
    if (!row) throw new Error('count query returned no row');
    return {
      entries: row.entries,
      contextual_entries: row.contextual,
      dictionary_entries: row.entries - row.contextual,
      hits: row.hits,
      contextual_enabled: !!llm,
    };
  }

  return {
    explain,
    stats,
    /** Whether a word in context goes to the model (a cost) or to the dictionaries. */
    contextual: !!llm,
  };
}

export type VocabularyExplainer = ReturnType<typeof createVocabularyExplainer>;
