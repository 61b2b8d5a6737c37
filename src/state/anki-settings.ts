import { proxy } from 'valtio';
import { z } from 'zod';
import type { AnkiNoteContent, AnkiNoteMapping } from '../scenes/anki-connect';
import { persistStore, readStored } from './persist';

export const ANKI_STORAGE_KEY = 'kotoba.anki';

/** Where Add to Anki sends notes: the deck, the note type, and what fills each of its fields. */
export type AnkiSettings = AnkiNoteMapping;

/** What a field can be given, in the order the Settings panel offers them. */
export const ANKI_NOTE_CONTENTS = ['word', 'reading', 'meaning', 'sentence', 'source', 'none'] as const satisfies readonly AnkiNoteContent[];

const DEFAULT_ANKI_SETTINGS: AnkiSettings = { deck: '', model: '', fields: {} };

const storedSettings = z.object({
  deck: z.string().max(1000),
  model: z.string().max(1000),
  fields: z.record(z.string().max(1000), z.enum(ANKI_NOTE_CONTENTS)),
});

/** The stored settings, or "not set up" when they are absent or not as this version writes them. */
export function loadAnkiSettings(): AnkiSettings {
  const parsed = storedSettings.safeParse(readStored(ANKI_STORAGE_KEY));
  return parsed.success ? parsed.data : { ...DEFAULT_ANKI_SETTINGS, fields: {} };
}

/** The learner's Anki setup, kept in this browser (Anki runs on this computer, so it is per device). */
export const ankiSettings = proxy<AnkiSettings>(loadAnkiSettings());
persistStore(ankiSettings, ANKI_STORAGE_KEY, (s) => ({ deck: s.deck, model: s.model, fields: { ...s.fields } }));

/** Set up enough to add a note: a deck, a note type, and a field that takes the word. */
export function ankiReady(settings: Readonly<AnkiSettings>): boolean {
  return settings.deck !== '' && settings.model !== '' && ankiWordField(settings) !== undefined;
}

/** The field the word goes in (the first one, if several take it): the one to search for the word. */
export function ankiWordField(settings: Readonly<AnkiSettings>): string | undefined {
  return Object.keys(settings.fields).find((name) => settings.fields[name] === 'word');
}

export function setAnkiDeck(deck: string): void {
  ankiSettings.deck = deck;
}

/** Chooses the note type, with each field's content guessed from its name (see guessAnkiFields). */
export function setAnkiModel(model: string, fieldNames: readonly string[]): void {
  ankiSettings.model = model;
  ankiSettings.fields = guessAnkiFields(fieldNames);
}

export function setAnkiField(name: string, content: AnkiNoteContent): void {
  ankiSettings.fields[name] = content;
}

/** Back to "not set up". */
export function resetAnki(): void {
  Object.assign(ankiSettings, { ...DEFAULT_ANKI_SETTINGS, fields: {} });
}

/** Reads what another tab or a reload stored (tests and the storage event). */
export function reloadAnkiSettings(): void {
  Object.assign(ankiSettings, loadAnkiSettings());
}

/** Name words that say what a field holds (a word counts when it starts with one: "Vocabulary" is vocab). */
const FIELD_WORDS: [Exclude<AnkiNoteContent, 'none'>, string[]][] = [
  ['word', ['front', 'word', 'expression', 'vocab', 'term', 'kanji']],
  ['reading', ['reading', 'furigana', 'kana', 'hiragana', 'pronunciation']],
  ['meaning', ['back', 'meaning', 'definition', 'glossary', 'gloss', 'translation']],
  ['sentence', ['sentence', 'example', 'context']],
  ['source', ['source', 'notes', 'note']],
];

/** Fields the reader has nothing for, whatever else their name says ("Sentence Audio", "Vocab Image"). */
const MEDIA_WORDS = ['audio', 'sound', 'image', 'picture', 'pic', 'pitch', 'screenshot'];

/** A field name's words, lower-cased: "ExpressionReading", "Back Extra" and "word_2" each give two. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/** What one field should hold, from its name; 'none' when the name says nothing the reader has. */
export function guessAnkiField(name: string): AnkiNoteContent {
  const words = nameWords(name);
  if (words.some((word) => MEDIA_WORDS.includes(word))) return 'none';
  const found = FIELD_WORDS.filter(([, keys]) => words.some((word) => keys.some((key) => word.startsWith(key)))).map(
    ([content]) => content,
  );
  if (found.length <= 1) return found[0] ?? 'none';
  // A name with two meanings: "Sentence Reading" is about the sentence, not the word, so it gets nothing;
  // "Word Reading" and "Expression Furigana" are the reading, "Vocab Definition" the meaning.
  if (found.includes('sentence')) return 'none';
  if (found.includes('reading')) return 'reading';
  if (found.includes('meaning')) return 'meaning';
  return found[0]!;
}

/**
 * A mapping for a note type's fields, guessed from their names (case ignored): Front/Word/Expression/Vocab
 * take the word, Reading/Furigana/Kana its reading, Back/Meaning/Definition/Glossary its meaning,
 * Sentence/Example/Context the sentence, Source/Notes the story. When no field takes the word, the first
 * one does (it is the field Anki checks for duplicates).
 */
export function guessAnkiFields(fieldNames: readonly string[]): Record<string, AnkiNoteContent> {
  const fields: Record<string, AnkiNoteContent> = Object.fromEntries(fieldNames.map((name) => [name, guessAnkiField(name)]));
  const first = fieldNames[0];
  if (first !== undefined && !Object.values(fields).includes('word')) fields[first] = 'word';
  return fields;
}
