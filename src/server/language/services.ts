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
import { createOwnEnglishGlosses } from './english/own-glosses';
import { createWordNet, type WordNet, type WordNetSense } from './english/wordnet';
import { loadGrammarCatalogue, type GrammarPattern } from './grammar/catalogue';
import { createGrammarDetector, type GrammarDetector } from './grammar/detect';
import { buildHtmlText, mergeAcrossForced } from './html-text';
import { createJapaneseDictionary, type JapaneseDictionary } from './japanese/dictionary';
import { parseFuriganaMarkup, type ForcedReading } from './japanese/markup';
import { fillMissingReadings } from './japanese/reading-fallback';
import { loadJapaneseTokenizer, type JapaneseTokenizer } from './japanese/tokenizer';
import { isAtOrBelow, type LevelProfile, type ProfiledWord } from './profile';
import type { Token } from './token';
import { classifyWords, toVocabularyWord, type ClassifiedWord } from './vocabulary/words';

/** Words after which a verb's stem is a noun: 嫌いだ, 休みです, 願いが. */
const NOMINAL_AFTER = new Set(['だ', 'です', 'な', 'の', 'が', 'は', 'を', 'に', 'も', 'で', 'じゃ', 'でし', 'だっ']);

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
  ownEnglish: (word: string) => WordNetSense | undefined;
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
      ownEnglish: createOwnEnglishGlosses(),
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
    const tokenized = fillMissingReadings(loadedData().ja(text), loadedData().dictionary);
    if (forced.length === 0) return { language, text, tokens: tokenized, forced, html: buildHtmlText(text, tokenized) };
    const tokens = mergeAcrossForced(tokenized, text, forced).map((token) => {
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

  /**
   * A word's level. Japanese words are graded as the JLPT lists give them where they do: お茶 as written with
   * its prefix (the tokenizer splits it off), 嫌い as the listed word rather than a form of 嫌う, and listed
   * loanwords and numbers (コーヒー, 五日), which are otherwise not graded; so are English months and numbers
   * the CEFR lists give (April, billion).
   */
  function levelOf(word: ClassifiedWord, language: Language, tokens: Token[] = []): WordLevel | null {
    const { token } = word;
    if (language === 'ja') {
      const dictionary = loadedData().dictionary;
      const previous = tokens[token.index - 1];
      const prefix = previous?.pos === '接頭詞' && /^[おご御]$/.test(previous.surface) ? previous.surface : '';
      // An inflected token's surface is a stem (覚え of 覚えた) that may spell another listed word (the noun
      // 覚え, N1); it counts only where it is used as a noun (嫌いだ, 休みです).
      const stem = token.surface !== token.base;
      const nominal = !stem || (token.form.startsWith('連用') && NOMINAL_AFTER.has(tokens[token.index + 1]?.surface ?? ''));
      const listed =
        (nominal && prefix && dictionary.listedLevel(prefix + token.surface, previous!.reading + token.reading, stem)) ||
        (nominal && dictionary.listedLevel(token.surface, token.reading, stem)) ||
        undefined;
      if (listed) return listed;
    } else if (word.class === 'name' || word.class === 'number') {
      const listed = loadedData().englishLevels.listedLevel(token.surface);
      if (listed) return listed;
    }
    if (word.class === 'name' || word.class === 'number' || word.class === 'loanword') return null;
    return wordLevel(token.base, language === 'ja' ? token.reading : token.surface, language);
  }

  function vocabulary(analysed: AnalysedText): VocabularyWord[] {
    // Function words (particles aside: pronouns, auxiliaries like れる and ちゃう, interjections) are grammar,
    // explained in grammar mode: they are not graded, so vocabulary mode never highlights them.
    return classifyWords(analysed.tokens, analysed.language).map((w) =>
      toVocabularyWord(w, w.class === 'function' ? null : levelOf(w, analysed.language, analysed.tokens), analysed.language),
    );
  }

  function grammar(analysed: AnalysedText): DetectedGrammarPattern[] {
    return loadedData().detect(analysed.tokens, analysed.text, analysed.language);
  }

  /** An English word's senses: WordNet's, or ours for a word WordNet lacks. */
  function englishSenses(base: string, partOfSpeech?: WordNetSense['partOfSpeech'], limit = 3): WordNetSense[] {
    const senses = loadedData().wordnet.senses(base, partOfSpeech, limit);
    if (senses.length > 0) return senses;
    const own = loadedData().ownEnglish(base);
    return own ? [own] : [];
  }

  /** A short dictionary gloss for the level profile's new words. */
  function shortGloss(base: string, reading: string, language: Language, partOfSpeech?: string): string {
    if (language === 'ja') return loadedData().dictionary.lookup(base, reading)?.glosses[0] ?? '';
    return englishSenses(base, partOfSpeech as never, 1)[0]?.definition ?? '';
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
      const level = levelOf(word, analysed.language, analysed.tokens)!;
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
    englishSenses,
  };
}

export type LanguageServices = ReturnType<typeof createLanguageServices>;

let shared: LanguageServices | null = null;
/** One set per process: IPADIC alone takes a few hundred megabytes. */
export function sharedLanguageServices(): LanguageServices {
  shared ??= createLanguageServices();
  return shared;
}
