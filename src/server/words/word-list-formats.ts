/**
 * Parses a word list a learner pastes or uploads, before it is imported as "words I know".
 *
 * Three shapes are understood: one word per line, a CSV/TSV table, and Anki's "Notes in Plain Text"
 * export. The result keeps every entry in order with the line it came from, so the importer can
 * report problems by line; removing duplicates is the importer's job, not this module's.
 * Pure: no I/O, no database.
 */

export type WordListFormat = 'lines' | 'table' | 'anki';

export interface WordListOptions {
  /** Default: detected from the text. */
  format?: WordListFormat;
  /** 1-based column holding the word, for 'table' and 'anki' (default 1, or a column a header names). */
  column?: number;
  /** 1-based column holding a reading (kana), for 'table' and 'anki'. */
  readingColumn?: number;
  /** 'table' only: whether the first row is a header to skip (default: detected). */
  header?: boolean;
}

export interface WordListEntry {
  /** 1-based line number in the original text (for a multi-line record, the line it starts on). */
  line: number;
  word: string;
  reading?: string;
}

export interface ParsedWordList {
  format: WordListFormat;
  columns: number;
  entries: WordListEntry[];
}

export class WordListError extends Error {
  /** `message` already starts with "Line N: " when `line` is set. */
  constructor(
    public line: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'WordListError';
  }
}

export const MAX_WORD_LIST_CHARS = 1_000_000;
export const MAX_WORD_LIST_ENTRIES = 50_000;
export const MAX_WORD_LENGTH = 100;

export function parseWordList(text: string, options: WordListOptions = {}): ParsedWordList {
  checkColumnOption(options.column);
  checkColumnOption(options.readingColumn);
  const clean = prepareText(text);
  const format = options.format ?? detectFormat(clean);
  const { columns, candidates } =
    format === 'lines' ? readLines(clean) : format === 'table' ? readTable(clean, options) : readAnki(clean, options);
  return { format, columns, entries: toEntries(candidates) };
}

/* ------------------------------------------------------------------------------------------------
 * Shared steps
 * --------------------------------------------------------------------------------------------- */

/** A word as found in the text, before splitting off a reading and normalising. */
interface Candidate {
  line: number;
  text: string;
  reading?: string;
}

interface Extracted {
  columns: number;
  candidates: Candidate[];
}

function lineError(line: number, message: string): WordListError {
  return new WordListError(line, `Line ${line}: ${message}`);
}

function checkColumnOption(column: number | undefined): void {
  if (column !== undefined && !(Number.isInteger(column) && column >= 1)) {
    throw new WordListError(null, `Column ${column} is not a column number: columns count from 1`);
  }
}

/** Rejects what cannot be a pasted list, then drops the BOM and unifies line ends to "\n" (line numbers are kept). */
function prepareText(text: string): string {
  if (text.length > MAX_WORD_LIST_CHARS) {
    throw new WordListError(null, 'The list is too long: at most 1,000,000 characters');
  }
  // A NUL never occurs in text; it means someone uploaded a spreadsheet, a .apkg or an image.
  if (text.includes('\0')) throw new WordListError(null, 'This is not a text file');
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

const ANKI_HEADER = /^#(separator|html|columns|tags|deck|notetype|guid)( column)?:/i;

function detectFormat(text: string): WordListFormat {
  const lines = text.split('\n');
  if (ANKI_HEADER.test(lines[0] ?? '')) return 'anki';
  // Comments are left out: a list of single words with a "# chapter 1, part 2" note is still a list.
  const content = lines.filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  const rows = content.filter((line) => /[\t,;]/.test(line)).length;
  return content.length > 0 && rows > content.length / 2 ? 'table' : 'lines';
}

function toEntries(candidates: Candidate[]): WordListEntry[] {
  const entries: WordListEntry[] = [];
  for (const candidate of candidates) {
    const entry = toEntry(candidate);
    if (!entry) continue;
    if (entries.length === MAX_WORD_LIST_ENTRIES) {
      throw new WordListError(null, 'The list has more than 50,000 words');
    }
    entries.push(entry);
  }
  return entries;
}

function toEntry({ line, text, reading }: Candidate): WordListEntry | null {
  const found = wordOf(text, reading);
  if (!found) return null;
  if (isTooLong(found.word)) throw lineError(line, 'the word is longer than 100 characters');
  return { line, ...found };
}

/** The normalised word, and reading if any, that a cleaned cell holds; null when it holds no word. */
function wordOf(text: string, columnReading?: string): { word: string; reading?: string } | null {
  const split = splitReading(collapseSpaces(text));
  const word = normalise(split.word);
  if (word === '') return null;
  // A reading column wins over a reading written next to the word; an empty cell does not.
  const reading = normalise(columnReading ?? '') || normalise(split.reading ?? '');
  return reading ? { word, reading } : { word };
}

/** Counted in code points, so a character outside the BMP (𠮷) counts once. */
function isTooLong(word: string): boolean {
  return [...word].length > MAX_WORD_LENGTH;
}

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function normalise(text: string): string {
  return collapseSpaces(text).normalize('NFC');
}

/* ------------------------------------------------------------------------------------------------
 * Readings written next to the word: 食べる[たべる], 食[た]べる, 食べる (たべる), 食べる（たべる）
 * --------------------------------------------------------------------------------------------- */

// Only kana counts as a reading, so English notes such as "run (verb)" or "set [noun]" stay as written.
const KANA = '\\p{Script=Hiragana}\\p{Script=Katakana}ー・';
const KANA_ONLY = new RegExp(`^[${KANA}]+$`, 'u');
const PAREN_READING = new RegExp(`^(.+?)\\s*[(（]\\s*([${KANA}]+)\\s*[)）]$`, 'u');
// Anki furigana: an optional space marks where the base starts, the reading follows in brackets.
// The base may only start after a space or "]" and the reading may not hold "[": both keep this
// regex linear, where a plain one backtracks quadratically on a long line without brackets.
const FURIGANA = / ?(?<![^\s[\]])([^\s[\]]+)\s*\[([^[\]]*)\]/g;

function splitReading(text: string): { word: string; reading?: string } {
  const paren = PAREN_READING.exec(text);
  if (paren) return { word: paren[1] ?? '', reading: paren[2] ?? '' };
  const groups = [...text.matchAll(FURIGANA)];
  if (groups.length === 0 || !groups.every((group) => KANA_ONLY.test((group[2] ?? '').trim()))) return { word: text };
  // Kana outside the brackets (okurigana, as in 食[た]べる) belongs to both the word and its reading.
  return { word: text.replace(FURIGANA, '$1'), reading: text.replace(FURIGANA, '$2') };
}

/* ------------------------------------------------------------------------------------------------
 * 'lines'
 * --------------------------------------------------------------------------------------------- */

function readLines(text: string): Extracted {
  const candidates: Candidate[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line !== '' && !line.startsWith('#')) candidates.push({ line: index + 1, text: line });
  });
  return { columns: candidates.length > 0 ? 1 : 0, candidates };
}

/* ------------------------------------------------------------------------------------------------
 * Records: RFC 4180 quoting, shared by 'table' and 'anki'
 * --------------------------------------------------------------------------------------------- */

interface TextRecord {
  line: number;
  cells: string[];
}

/**
 * Splits `text` (whose first line is line `firstLine` of the original) into records of cells.
 * Blank lines are skipped. Lenient where spreadsheets and hand-typed files differ from the RFC:
 * spaces before an opening quote are dropped, and a quote inside an unquoted cell is kept as text.
 */
function readRecords(text: string, separator: string, firstLine: number, skipComments: boolean): TextRecord[] {
  const records: TextRecord[] = [];
  let pos = 0;
  let line = firstLine;
  while (pos < text.length) {
    const recordLine = line;
    if (skipComments && text[pos] === '#') {
      pos = endOfLine(text, pos) + 1;
      line++;
      continue;
    }
    const cells: string[] = [];
    let cell = '';
    let cellStarted = false; // true once the cell has text beyond leading spaces, or a quoted part
    for (;;) {
      const ch = text[pos];
      if (ch === undefined || ch === '\n') {
        cells.push(cell);
        pos++;
        line++;
        break;
      }
      if (ch === separator) {
        cells.push(cell);
        cell = '';
        cellStarted = false;
        pos++;
      } else if (ch === '"' && !cellStarted) {
        const quoted = readQuoted(text, pos, line);
        cell = quoted.value;
        pos = quoted.end;
        line = quoted.line;
        cellStarted = true;
      } else {
        cell += ch;
        pos++;
        if (ch.trim() !== '') cellStarted = true;
      }
    }
    if (cells.length > 1 || (cells[0] ?? '').trim() !== '') records.push({ line: recordLine, cells });
  }
  return records;
}

function endOfLine(text: string, pos: number): number {
  const end = text.indexOf('\n', pos);
  return end < 0 ? text.length : end;
}

/** Reads the quoted field opening at `start`; returns its value and the position and line after the closing quote. */
function readQuoted(text: string, start: number, line: number): { value: string; end: number; line: number } {
  let value = '';
  let pos = start + 1;
  for (;;) {
    const close = text.indexOf('"', pos);
    if (close < 0) throw lineError(line, 'a quoted field is never closed');
    value += text.slice(pos, close);
    if (text[close + 1] !== '"') {
      return { value, end: close + 1, line: line + countNewlines(value) };
    }
    value += '"'; // a doubled quote is a literal quote
    pos = close + 2;
  }
}

function countNewlines(text: string): number {
  let count = 0;
  for (const ch of text) if (ch === '\n') count++;
  return count;
}

function widestRecord(records: TextRecord[]): number {
  return records.reduce((max, record) => Math.max(max, record.cells.length), 0);
}

/** Throws when a column was asked for that no record reaches; an empty file has no columns to check. */
function checkColumnExists(column: number | undefined, columns: number, records: TextRecord[]): void {
  if (column === undefined || records.length === 0 || column <= columns) return;
  throw new WordListError(null, `Column ${column} does not exist: the file has ${columns} column${columns === 1 ? '' : 's'}`);
}

/** The 1-based number of the first name in `names` that is one of `wanted`, if any. */
function namedColumn(names: readonly string[], wanted: ReadonlySet<string>): number | undefined {
  const index = names.findIndex((name) => wanted.has(name.trim().toLowerCase()));
  return index < 0 ? undefined : index + 1;
}

function cellAt(record: TextRecord, column: number | undefined): string | undefined {
  return column === undefined ? undefined : record.cells[column - 1];
}

/* ------------------------------------------------------------------------------------------------
 * 'table'
 * --------------------------------------------------------------------------------------------- */

const WORD_HEADERS: ReadonlySet<string> = new Set(
  ['word', 'expression', 'vocab', 'vocabulary', 'kanji', 'front', 'term', 'lemma', 'headword'].flatMap((name) => [name, `${name}s`]),
);
const READING_HEADERS: ReadonlySet<string> = new Set(['reading', 'readings', 'kana', 'furigana']);

function readTable(text: string, options: WordListOptions): Extracted {
  const records = readRecords(text, detectSeparator(text), 1, false);
  const columns = widestRecord(records);
  const first = records[0];
  const hasHeader = first !== undefined && (options.header ?? namedColumn(first.cells, WORD_HEADERS) !== undefined);
  const names = hasHeader && first ? first.cells : [];
  // A header naming its columns is taken at its word, unless the learner chose a column.
  const column = options.column ?? namedColumn(names, WORD_HEADERS) ?? 1;
  const readingColumn = options.readingColumn ?? namedColumn(names, READING_HEADERS);
  checkColumnExists(column, columns, records);
  checkColumnExists(options.readingColumn, columns, records);
  const candidates = (hasHeader ? records.slice(1) : records).map((record) => ({
    line: record.line,
    text: cellAt(record, column) ?? '',
    reading: cellAt(record, readingColumn),
  }));
  return { columns, candidates };
}

/** Tab if any of the first data lines has one, else ";" when lines have ";" but none has ",", else ",". */
function detectSeparator(text: string): string {
  const sample = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  if (sample.some((line) => line.includes('\t'))) return '\t';
  if (sample.some((line) => line.includes(';')) && !sample.some((line) => line.includes(','))) return ';';
  return ',';
}

/* ------------------------------------------------------------------------------------------------
 * One Anki field on its own (cards read from a collection rather than from an export)
 * --------------------------------------------------------------------------------------------- */

/**
 * The word, and reading if any, in one HTML field of an Anki card, cleaned as in an 'anki' export
 * with "#html:true". Null when the field holds no word or one longer than 100 characters: a card
 * cannot be fixed by the learner the way a pasted line can, so the caller skips it, never fails.
 */
export function ankiFieldText(field: string): { word: string; reading?: string } | null {
  const found = wordOf(cleanAnkiField(field, true));
  return found && !isTooLong(found.word) ? found : null;
}

/* ------------------------------------------------------------------------------------------------
 * 'anki': Notes in Plain Text
 * --------------------------------------------------------------------------------------------- */

interface AnkiHeader {
  separator: string;
  html: boolean;
  columnNames: string[];
  /** Columns holding note metadata (guid, notetype, deck, tags), never the word. */
  metadataColumns: Set<number>;
  /** Number of header lines, so the records start on line `lines + 1`. */
  lines: number;
}

const ANKI_SEPARATORS: Record<string, string> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  space: ' ',
  pipe: '|',
  colon: ':',
};

const ANKI_WORD_COLUMNS: ReadonlySet<string> = new Set(['word', 'expression', 'vocab', 'vocabulary', 'kanji', 'front', 'term']);
const ANKI_METADATA = /^(guid|notetype|deck|tags) column$/;

function readAnki(text: string, options: WordListOptions): Extracted {
  const header = readAnkiHeader(text);
  const data = text.split('\n').slice(header.lines).join('\n');
  // Anki itself skips "#" lines among the notes as comments.
  const records = readRecords(data, header.separator, header.lines + 1, true);
  const columns = widestRecord(records);
  const column = options.column ?? namedColumn(header.columnNames, ANKI_WORD_COLUMNS) ?? firstNoteColumn(header);
  const readingColumn = options.readingColumn ?? namedColumn(header.columnNames, READING_HEADERS);
  checkColumnExists(column, columns, records);
  checkColumnExists(options.readingColumn, columns, records);
  const clean = (field: string | undefined) => (field === undefined ? undefined : cleanAnkiField(field, header.html));
  const candidates = records.map((record) => ({
    line: record.line,
    text: clean(cellAt(record, column)) ?? '',
    reading: clean(cellAt(record, readingColumn)),
  }));
  return { columns, candidates };
}

function readAnkiHeader(text: string): AnkiHeader {
  const header: AnkiHeader = { separator: '\t', html: true, columnNames: [], metadataColumns: new Set(), lines: 0 };
  let columnsLine: string | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith('#')) break;
    header.lines++;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(1, colon).trim().toLowerCase();
    const value = line.slice(colon + 1);
    if (key === 'separator') header.separator = ankiSeparator(value, header.lines);
    else if (key === 'html') header.html = value.trim().toLowerCase() !== 'false';
    else if (key === 'columns') columnsLine = value;
    else if (ANKI_METADATA.test(key)) {
      const column = Number(value.trim());
      if (Number.isInteger(column) && column >= 1) header.metadataColumns.add(column);
    }
    // Other keys (#notetype:, #deck:, #if matches:, …) say nothing about where the word is.
  }
  // "#columns:" is split only now, because "#separator:" may come after it.
  if (columnsLine !== undefined) header.columnNames = columnsLine.split(header.separator);
  return header;
}

function ankiSeparator(value: string, line: number): string {
  const named = ANKI_SEPARATORS[value.trim().toLowerCase()];
  if (named) return named;
  if (value.length === 1) return value; // a literal character, including a space
  if (value.trim().length === 1) return value.trim();
  throw lineError(line, `the separator "${value.trim()}" is not one Anki writes`);
}

/** Without "#columns:", the word is the first field of the note, after any metadata columns. */
function firstNoteColumn(header: AnkiHeader): number {
  let column = 1;
  while (header.metadataColumns.has(column)) column++;
  return column;
}

/**
 * The plain text of an Anki field. HTML is only decoded when the export says fields are HTML, but
 * sound tags and cloze markup are Anki's own syntax and are removed either way.
 */
function cleanAnkiField(field: string, html: boolean): string {
  const text = html ? htmlToText(field) : field;
  return text
    .replace(/\[sound:[^[\]]*\]/gi, ' ')
    .replace(/\{\{c\d+::([^{}]*)\}\}/g, (_cloze, answer: string) => answer.split('::')[0] ?? ''); // drop a "::hint"
}

function htmlToText(html: string): string {
  const text = html
    // Ruby markup becomes Anki's furigana notation, so the reading is split off like any other.
    // (Character classes exclude "<" so a field full of stray "<" cannot make these regexes backtrack.)
    .replace(/<rp\b[^<>]*>[^<]*<\/rp>/gi, '')
    .replace(/<ruby\b[^<>]*>/gi, ' ')
    .replace(/<rt\b[^<>]*>([^<]*)<\/rt>/gi, '[$1]')
    // Line breaks and blocks separate text; other tags (<b>, <span>, …) sit inside it.
    .replace(/<(br|\/?(div|p|li|ul|ol|tr|td|th|table|h[1-6]))\b[^<>]*>/gi, ' ')
    .replace(/<[^<>]*>/g, '');
  return decodeEntities(text);
}

const NAMED_ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (!name.startsWith('#')) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : entity;
  });
}
