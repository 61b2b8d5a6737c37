import { createHash } from 'node:crypto';
import type {
  AnalysisResult,
  DetectedGrammarPattern,
  Language,
  StoryLevel,
  VocabularyWord,
  WordLevel,
} from '../../shared/language';
import { createEnglishLevels, type EnglishLevels } from './english/levels';
import { createEnglishTokenizer, type EnglishTokenizer } from './english/tokenizer';
import { createWordNet, type WordNet } from './english/wordnet';
import { loadGrammarCatalogue, type GrammarPattern } from './grammar/catalogue';
import { createGrammarDetector, type GrammarDetector } from './grammar/detect';
import { buildHtmlText, mergeAcrossForced } from './html-text';
import { createJapaneseDictionary, type JapaneseDictionary } from './japanese/dictionary';
import { parseFuriganaMarkup, type ForcedReading } from './japanese/markup';
import { loadJapaneseTokenizer, type JapaneseTokenizer } from './japanese/tokenizer';
import { isAtOrBelow, type LevelProfile, type ProfiledWord } from './profile';
import type { Token } from './token';
import { classifyWords, toVocabularyWord, type ClassifiedWord } from './vocabulary/words';

/** A text after analysis: the plain text (markup removed), its tokens and its safe HTML. */
export interface AnalysedText {
  language: Language;
  text: string;
  tokens: Token[];
  forced: ForcedReading[];
  html: string;
}

interface Loaded {
  ja: JapaneseTokenizer;
  en: EnglishTokenizer;
  dictionary: JapaneseDictionary;
  englishLevels: EnglishLevels;
  wordnet: WordNet;
  catalogue: GrammarPattern[];
  detect: GrammarDetector;
}

export class LanguageNotReadyError extends Error {
  constructor() {
    super('The language services are still loading.');
  }
}

/**
 * Japanese and English analysis for the whole server. Loading takes a second or two (IPADIC,
 * WordNet's index, the pattern files); `ready` settles when everything can answer synchronously.
 */
export function createLanguageServices() {
  let loaded: Loaded | null = null;
  const ready = (async () => {
    const ja = await loadJapaneseTokenizer();
    const en = createEnglishTokenizer();
    const catalogue = loadGrammarCatalogue();
    loaded = {
      ja,
      en,
      dictionary: createJapaneseDictionary(),
      englishLevels: createEnglishLevels(),
      wordnet: createWordNet(),
      catalogue,
      detect: createGrammarDetector(catalogue, (text, language) => (language === 'ja' ? ja(text) : en(text))),
    };
  })();

  function loadedData(): Loaded {
    if (!loaded) throw new LanguageNotReadyError();
    return loaded;
  }

  function tokenize(text: string, language: Language): Token[] {
    const l = loadedData();
    return language === 'ja' ? l.ja(text) : l.en(text);
  }

  function analyse(input: string, language: Language): AnalysedText {
    if (language === 'en') {
      const tokens = loadedData().en(input);
      return { language, text: input, tokens, forced: [], html: buildHtmlText(input, tokens) };
    }
    const { text, forced } = parseFuriganaMarkup(input);
    if (forced.length === 0) {
      const tokens = loadedData().ja(text);
      return { language, text, tokens, forced, html: buildHtmlText(text, tokens) };
    }
    const tokens = mergeAcrossForced(loadedData().ja(text), text, forced).map((token) => {
      const exact = forced.find((f) => f.start === token.start && f.end === token.end);
      return exact ? { ...token, reading: exact.reading } : token;
    });
    return { language, text, tokens, forced, html: buildHtmlText(text, tokens, forced) };
  }

  // Levels never change while the process runs, and stories repeat their words.
  const levelMemo = new Map<string, WordLevel>();
  /** The level of a dictionary form; `form` is the reading (Japanese) or the surface (English). */
  function wordLevel(base: string, form: string, language: Language): WordLevel {
    const key = `${language}\u0000${base}\u0000${form}`;
    let level = levelMemo.get(key);
    if (!level) {
      level = language === 'ja' ? loadedData().dictionary.wordLevel(base, form) : loadedData().englishLevels.wordLevel(base, form);
      if (levelMemo.size < 200_000) levelMemo.set(key, level);
    }
    return level;
  }

  function levelOf(word: ClassifiedWord, language: Language): WordLevel | null {
    if (word.class === 'name' || word.class === 'number' || word.class === 'loanword') return null;
    const { token } = word;
    return wordLevel(token.base, language === 'ja' ? token.reading : token.surface, language);
  }

  function vocabulary(analysed: AnalysedText): VocabularyWord[] {
    return classifyWords(analysed.tokens, analysed.language).map((w) => toVocabularyWord(w, levelOf(w, analysed.language)));
  }

  function grammar(analysed: AnalysedText): DetectedGrammarPattern[] {
    return loadedData().detect(analysed.tokens, analysed.text, analysed.language);
  }

  /** A short dictionary gloss for the level profile's new words. */
  function shortGloss(base: string, reading: string, language: Language, partOfSpeech?: string): string {
    if (language === 'ja') return loadedData().dictionary.lookup(base, reading)?.glosses[0] ?? '';
    return loadedData().wordnet.senses(base, partOfSpeech as never, 1)[0]?.definition ?? '';
  }

  function profile(analysed: AnalysedText, target: StoryLevel): LevelProfile {
    const result: LevelProfile = {
      language: analysed.language,
      target,
      by_level: {},
      content_words: 0,
      at_or_below: 0,
      share_at_or_below: 1,
      new_words: [],
      kanji_above: [],
      names: [],
      numbers: [],
      loanwords: [],
    };
    const seenNew = new Set<string>();
    for (const word of classifyWords(analysed.tokens, analysed.language)) {
      const { token } = word;
      if (word.class === 'name') result.names.push(token.surface);
      else if (word.class === 'number') result.numbers.push(token.surface);
      else if (word.class === 'loanword') result.loanwords.push(token.surface);
      if (word.class !== 'content') continue;
      const level = levelOf(word, analysed.language)!;
      result.by_level[level] = (result.by_level[level] ?? 0) + 1;
      result.content_words++;
      if (isAtOrBelow(level, target)) {
        result.at_or_below++;
      } else if (!seenNew.has(token.base)) {
        seenNew.add(token.base);
        const entry: ProfiledWord = {
          surface: token.surface,
          base_form: token.base,
          reading: token.reading,
          level,
          gloss: shortGloss(token.base, token.reading, analysed.language, word.type),
        };
        result.new_words.push(entry);
      }
    }
    if (analysed.language === 'ja') {
      const seenKanji = new Set<string>();
      for (const ch of analysed.text) {
        const level = loadedData().dictionary.kanjiLevel(ch);
        if (!level || seenKanji.has(ch)) continue;
        seenKanji.add(ch);
        if (!isAtOrBelow(level, target)) result.kanji_above.push({ kanji: ch, level });
      }
    }
    result.share_at_or_below = result.content_words === 0 ? 1 : result.at_or_below / result.content_words;
    return result;
  }

  function fingerprint(text: string, language: Language, level?: StoryLevel): string {
    return createHash('sha256').update(`${language}\u0000${level ?? ''}\u0000${text}`).digest('hex').slice(0, 32);
  }

  function analysis(input: string, language: Language, level?: StoryLevel): AnalysisResult {
    const analysed = analyse(input, language);
    return {
      fingerprint: fingerprint(input, language, level),
      language,
      html_text: analysed.html,
      grammar_patterns: grammar(analysed),
      vocabulary_words: vocabulary(analysed),
    };
  }

  return {
    ready,
    isReady: () => loaded !== null,
    /** Loads what is otherwise loaded on first use, in the background; see JapaneseDictionary.warm. */
    warm: async () => {
      await ready;
      await loadedData().dictionary.warm();
    },
    tokenize,
    analyse,
    vocabulary,
    grammar,
    profile,
    analysis,
    levelOf,
    wordLevel,
    fingerprint,
    catalogue: () => loadedData().catalogue,
    dictionary: () => loadedData().dictionary,
    wordnet: () => loadedData().wordnet,
  };
}

export type LanguageServices = ReturnType<typeof createLanguageServices>;

let shared: LanguageServices | null = null;
/** One set per process: IPADIC alone takes a few hundred megabytes. */
export function sharedLanguageServices(): LanguageServices {
  shared ??= createLanguageServices();
  return shared;
}
