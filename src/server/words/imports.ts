import type { Language } from '../../shared/language';
import { importSource, type ImportPreview, type WordState } from '../../shared/words';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { baseReading } from '../language/japanese/base-reading';
import { isAllKana, looksJapanese, toHiragana } from '../language/japanese/kana';
import type { LanguageServices } from '../language/services';
import { wordKey } from '../language/word-key';
import type { WordKnowledge } from './knowledge';
import { levelLists, wordsUpTo } from './level-lists';
import { ankiFieldText, parseWordList, WordListError } from './word-list-formats';
import type { z } from 'zod';

type Source = z.output<typeof importSource>;

/** A word of an import, resolved to the key a story's analysis gives it. */
interface Resolved {
  key: string;
  word: string;
  reading?: string;
  state: WordState;
}

interface ResolvedImport {
  language: Language;
  words: Resolved[];
  skipped: { line: number; text: string }[];
}

const KNOWN: WordState = { status: 'known', stage: 0 };
const SAMPLE_SIZE = 12;
const SKIPPED_SHOWN = 20;

let readings: Map<string, string> | null = null;
/** Each JLPT-listed spelling's reading: the reading learners are taught first. */
function listedReadings(): Map<string, string> {
  if (!readings) {
    readings = new Map();
    for (const word of levelLists().ja) for (const key of word.keys) readings.set(key.slice(0, key.lastIndexOf('|')), word.reading);
  }
  return readings;
}

/** An Anki card's interval (days; negative seconds while in learning) as a learning stage or known. */
export function ankiState(interval: number, knownDays: number): WordState | null {
  if (interval === 0) return null; // never studied: nothing to say about it
  if (interval >= knownDays) return KNOWN;
  const days = interval < 0 ? 0 : interval;
  const stage = days < 3 ? 1 : days < 7 ? 2 : days < 14 ? 3 : 4;
  return { status: 'learning', stage };
}

/**
 * "Bring what you know": word lists, whole levels and Anki decks turned into statuses. A preview says what
 * would change; applying is one undoable change in one transaction, and applying it again changes nothing.
 */
export function createWordImports(db: Database, knowledge: WordKnowledge, language: LanguageServices) {
  function japaneseKey(word: string, reading?: string): { key: string; reading: string } | null {
    if (!looksJapanese(word)) return null;
    const given = reading && isAllKana(reading) ? toHiragana(reading) : '';
    if (given) return { key: wordKey('ja', word, given), reading: given };
    if (isAllKana(word)) return { key: wordKey('ja', word, toHiragana(word)), reading: toHiragana(word) };
    // The reading a story's analysis would give it: the JLPT list's, then the tokenizer's when it reads the
    // word as one word in its dictionary form, then the dictionary's first.
    const listed = listedReadings().get(word);
    if (listed) return { key: wordKey('ja', word, listed), reading: listed };
    const tokens = language.tokenize(word, 'ja');
    const only = tokens.length === 1 && tokens[0]!.base === word && tokens[0]!.reading ? tokens[0]! : null;
    const found = only ? baseReading(only.surface, only.reading, only.base) : language.dictionary().lookup(word)?.reading;
    return found ? { key: wordKey('ja', word, found), reading: found } : null;
  }

  function englishKey(listed: string): string | null {
    if (!/^\p{L}[\p{L}'’-]*$/u.test(listed)) return null;
    // A list's capital is a list's habit, not a name: "Children" is child.
    const word = listed.toLowerCase();
    const tokens = language.tokenize(word, 'en');
    return tokens.length === 1 ? wordKey('en', tokens[0]!.base || word) : wordKey('en', word);
  }

  function resolveWord(lang: Language, word: string, reading: string | undefined, state: WordState): Resolved | null {
    const text = word.normalize('NFC').trim();
    if (!text) return null;
    if (lang === 'ja') {
      const found = japaneseKey(text, reading);
      return found && { key: found.key, word: text, reading: found.reading, state };
    }
    const key = englishKey(text);
    return key ? { key, word: text, state } : null;
  }

  function resolve(source: Source): ResolvedImport {
    const { language: lang } = source;
    const words: Resolved[] = [];
    const skipped: ResolvedImport['skipped'] = [];
    if (source.kind === 'level') {
      if (source.level.startsWith('N') !== (lang === 'ja')) throw new HttpError(400, `Level ${source.level} is not a level of ${lang === 'ja' ? 'Japanese' : 'English'}`);
      for (const listed of wordsUpTo(lang, source.level)) {
        for (const key of listed.keys) words.push({ key, word: listed.word, reading: listed.reading || undefined, state: KNOWN });
      }
    } else if (source.kind === 'list') {
      let parsed;
      try {
        parsed = parseWordList(source.text, { format: source.format, column: source.column, readingColumn: source.reading_column });
      } catch (error) {
        if (error instanceof WordListError) throw new HttpError(400, error.message);
        throw error;
      }
      const state: WordState = source.status === 'known' ? KNOWN : { status: 'learning', stage: 1 };
      for (const entry of parsed.entries) {
        const resolved = resolveWord(lang, entry.word, entry.reading, state);
        if (resolved) words.push(resolved);
        else skipped.push({ line: entry.line, text: entry.word });
      }
      if (parsed.entries.length === 0) throw new HttpError(400, 'The list has no words in it');
    } else {
      source.cards.forEach((card, index) => {
        const state = ankiState(card.interval, source.known_days);
        if (!state) return;
        const word = ankiFieldText(card.word);
        const reading = card.reading === undefined ? undefined : ankiFieldText(card.reading);
        const resolved = word ? resolveWord(lang, word.word, reading?.word ?? word.reading, state) : null;
        if (resolved) words.push(resolved);
        else skipped.push({ line: index + 1, text: (word?.word ?? card.word).slice(0, 100) });
      });
    }
    return { language: lang, words, skipped };
  }

  /** Imports never take a word back: known stays known, and an ignored word stays ignored. */
  const accepts = (row: { status: WordState['status']; stage: number } | undefined, wanted: WordState) => {
    if (!row || row.status === 'new') return true;
    if (row.status === 'ignored' || row.status === 'known') return false;
    return wanted.status === 'known' || wanted.stage > row.stage;
  };

  /** What an import would change, against the learner's rows as they are. */
  function summarise(resolved: ResolvedImport, current: Map<string, { status: WordState['status']; stage: number }>): ImportPreview {
    const seen = new Set<string>();
    let toKnown = 0;
    let toLearning = 0;
    let unchanged = 0;
    const sample: ImportPreview['sample'] = [];
    for (const word of resolved.words) {
      if (seen.has(word.key)) continue;
      seen.add(word.key);
      const row = current.get(word.key);
      const changes = accepts(row, word.state) && !(row && row.status === word.state.status && row.stage === word.state.stage);
      if (!changes) {
        unchanged++;
        continue;
      }
      if (word.state.status === 'known') toKnown++;
      else toLearning++;
      if (sample.length < SAMPLE_SIZE) sample.push({ word: word.word, reading: word.reading, status: word.state.status === 'known' ? 'known' : 'learning' });
    }
    return {
      words: seen.size,
      to_known: toKnown,
      to_learning: toLearning,
      unchanged,
      sample,
      skipped: resolved.skipped.slice(0, SKIPPED_SHOWN),
      skipped_count: resolved.skipped.length,
    };
  }

  const keysOf = (resolved: ResolvedImport) => resolved.words.map((w) => w.key);

  async function preview(userId: string, source: Source): Promise<ImportPreview> {
    const resolved = resolve(source);
    return summarise(resolved, await knowledge.rowsOf(db, userId, resolved.language, keysOf(resolved)));
  }

  /** The source is read once; the summary and the change are worked out in one transaction. */
  async function apply(userId: string, source: Source) {
    const resolved = resolve(source);
    return db.transaction(async (tx) => {
      const summary = summarise(resolved, await knowledge.rowsOf(tx, userId, resolved.language, keysOf(resolved)));
      const { change } = await knowledge.apply(tx, userId, resolved.language, 'import', resolved.words, accepts);
      return { ...summary, change };
    });
  }

  return { resolve, preview, apply };
}

export type WordImports = ReturnType<typeof createWordImports>;
