import { z } from 'zod';
import { ANKI_CONNECT_URL } from '../shared/words';
export { ANKI_CONNECT_URL };

/** The AnkiConnect protocol this client speaks; older add-ons answer in another shape. */
const API_VERSION = 6;

/** Cards asked of `cardsInfo` at once: big enough to be quick, small enough not to stall Anki's UI. */
const CARDS_INFO_BATCH = 500;

export type AnkiConnectErrorReason = 'unreachable' | 'refused' | 'anki';

export class AnkiConnectError extends Error {
  constructor(
    /** unreachable: no answer (Anki closed, or this site not allowed); refused: an HTTP error status;
     * anki: Anki's own error, or an answer this client cannot read. */
    public readonly reason: AnkiConnectErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'AnkiConnectError';
  }
}

export interface AnkiCard {
  cardId: number;
  note: number;
  deckName: string;
  modelName: string;
  /** Field name → field content (HTML). For the names in order, use deckFields. */
  fields: Record<string, string>;
  /** In days; negative for learning cards, then in seconds (as Anki gives it). */
  interval: number;
  queue: number;
  type: number;
}

/** A note to add, as addNote and canAddNotes take it. Field values are HTML, as Anki stores them. */
export interface AnkiNote {
  deckName: string;
  modelName: string;
  /** Field name → content (HTML). Fields left out stay empty. */
  fields: Record<string, string>;
  tags: string[];
}

/** What the reader knows about a word it offers to Anki. */
export interface AnkiNoteSource {
  word: string;
  reading: string;
  meaning: string;
  sentence: string;
  /** e.g. "The Lighthouse Keeper, scene 3" */
  source: string;
}

export type AnkiNoteContent = keyof AnkiNoteSource | 'none';

/** The learner's choice of where notes go: deck, note type, and what fills each of its fields. */
export interface AnkiNoteMapping {
  deck: string;
  model: string;
  /** Anki field name → what goes in it. */
  fields: Record<string, AnkiNoteContent>;
}

export interface AnkiConnect {
  version(): Promise<number>;
  deckNames(): Promise<string[]>;
  findCards(query: string): Promise<number[]>;
  cardsInfo(cards: number[]): Promise<AnkiCard[]>;
  deckCards(deck: string, onProgress?: (done: number, total: number) => void): Promise<AnkiCard[]>;
  deckFields(deck: string): Promise<string[]>;
  /** The note types ("models" in AnkiConnect). */
  modelNames(): Promise<string[]>;
  /** A note type's fields, in their order; the first is the one Anki checks for duplicates. */
  modelFieldNames(model: string): Promise<string[]>;
  findNotes(query: string): Promise<number[]>;
  /** For each note, whether addNote would take it (false when its first field is empty or a duplicate). */
  canAddNotes(notes: AnkiNote[]): Promise<boolean[]>;
  /** Adds the note unless it duplicates one of the same type in the same deck; returns the new note's id. */
  addNote(note: AnkiNote): Promise<number>;
  /**
   * Whether the deck (or a subdeck) has a note of this type whose field is this plain text, as buildAnkiNote
   * would store it. The whole field must match; Anki's search ignores case.
   */
  noteExists(deck: string, model: string, field: string, value: string): Promise<boolean>;
}

/** The tag on every note the reader adds, so the learner can find (or remove) them all in Anki. */
const NOTE_TAGS = ['kotoba-tales'];

/**
 * Sent with every note: a duplicate is refused rather than added twice, and only within the target deck,
 * since the learner may well have the same word in another deck or course.
 */
const NOTE_OPTIONS = { allowDuplicate: false, duplicateScope: 'deck' } as const;

/** AnkiConnect's error for a note whose first field is already in the deck (same note type). */
const DUPLICATE_ERROR = 'cannot create note because it is a duplicate';

const replySchema = z.object({ result: z.unknown(), error: z.string().nullable() });

const cardInfoSchema = z.object({
  cardId: z.number(),
  note: z.number(),
  deckName: z.string(),
  modelName: z.string(),
  fields: z.record(z.string(), z.object({ value: z.string(), order: z.number() })),
  interval: z.number(),
  queue: z.number(),
  type: z.number(),
});
type CardInfo = z.infer<typeof cardInfoSchema>;

// cardsInfo answers `{}` for a card deleted since findCards; such holes are skipped, not an error.
const cardsInfoSchema = z.array(z.union([cardInfoSchema, z.strictObject({})]));

const MESSAGES = {
  unreachable: (origin: string) =>
    'Anki did not answer. Start Anki with the AnkiConnect add-on (code 2055492159), ' +
    `and add this site (${origin}) to webCorsOriginList in its settings.`,
  refused: (status: number) => `AnkiConnect refused the request (HTTP ${status}).`,
  anki: (error: string) => `Anki says: ${error}`,
  unexpected: 'AnkiConnect answered something unexpected.',
  tooOld: 'AnkiConnect is too old: update the add-on (version 6 or later is needed).',
  duplicate: 'This note is already in Anki.',
  unknown: 'Could not reach Anki.',
};

/** A sentence for the learner about a failed Anki call; Anki's duplicate refusal gets a plain one. */
export function ankiErrorMessage(error: unknown): string {
  if (!(error instanceof AnkiConnectError)) return MESSAGES.unknown;
  if (error.reason === 'anki' && error.message === MESSAGES.anki(DUPLICATE_ERROR)) return MESSAGES.duplicate;
  return error.message;
}

/**
 * The note for one word: each field gets its content as HTML (Anki's field editor would take `<` as a
 * tag), fields mapped to 'none' are sent empty, and every note carries the reader's tag.
 */
export function buildAnkiNote(mapping: AnkiNoteMapping, source: AnkiNoteSource): AnkiNote {
  const fields = Object.entries(mapping.fields).map(
    ([name, content]) => [name, content === 'none' ? '' : toFieldHtml(source[content])] as const,
  );
  return { deckName: mapping.deck, modelName: mapping.model, fields: Object.fromEntries(fields), tags: [...NOTE_TAGS] };
}

export function createAnkiConnect(url = ANKI_CONNECT_URL, fetchImpl: typeof fetch = fetch): AnkiConnect {
  /** One AnkiConnect action: sends it, and returns its result checked against `schema`. */
  async function invoke<T>(action: string, params: object, schema: z.ZodType<T>): Promise<T> {
    const reply = await post(url, fetchImpl, { action, version: API_VERSION, params });
    const parsed = schema.safeParse(reply);
    if (!parsed.success) throw new AnkiConnectError('anki', MESSAGES.unexpected);
    return parsed.data;
  }

  async function cardInfos(cards: number[]): Promise<CardInfo[]> {
    const infos = await invoke('cardsInfo', { cards }, cardsInfoSchema);
    return infos.filter((info): info is CardInfo => 'cardId' in info);
  }

  const client: AnkiConnect = {
    async version() {
      const version = await invoke('version', {}, z.number());
      if (version < API_VERSION) throw new AnkiConnectError('anki', MESSAGES.tooOld);
      return version;
    },

    deckNames: () => invoke('deckNames', {}, z.array(z.string())),

    findCards: (query) => invoke('findCards', { query }, z.array(z.number())),

    cardsInfo: async (cards) => (await cardInfos(cards)).map(toAnkiCard),

    async deckCards(deck, onProgress) {
      const ids = await client.findCards(deckQuery(deck));
      const cards: AnkiCard[] = [];
      onProgress?.(0, ids.length);
      // One batch after the other: Anki answers on its UI thread, so parallel requests gain nothing.
      for (let start = 0; start < ids.length; start += CARDS_INFO_BATCH) {
        const batch = ids.slice(start, start + CARDS_INFO_BATCH);
        cards.push(...(await client.cardsInfo(batch)));
        onProgress?.(start + batch.length, ids.length);
      }
      return cards;
    },

    async deckFields(deck) {
      const [first] = await client.findCards(deckQuery(deck));
      if (first === undefined) return [];
      const [info] = await cardInfos([first]);
      return info ? inFieldOrder(info).map(([name]) => name) : [];
    },

    modelNames: () => invoke('modelNames', {}, z.array(z.string())),

    modelFieldNames: (model) => invoke('modelFieldNames', { modelName: model }, z.array(z.string())),

    findNotes: (query) => invoke('findNotes', { query }, z.array(z.number())),

    canAddNotes: (notes) => invoke('canAddNotes', { notes: notes.map(withOptions) }, z.array(z.boolean())),

    addNote: (note) => invoke('addNote', { note: withOptions(note) }, z.number()),

    async noteExists(deck, model, field, value) {
      // The field is searched as buildAnkiNote stores it, so a word with `&` or `<` still finds its note.
      const fieldTerm = `${field}:${toFieldHtml(value)}`;
      const query = `${deckQuery(deck)} note:"${searchEscape(model)}" "${searchEscape(fieldTerm)}"`;
      return (await client.findNotes(query)).length > 0;
    },
  };
  return client;
}

/**
 * POSTs one request and returns AnkiConnect's `result`, or throws an AnkiConnectError.
 * The body goes as text/plain (fetch's default for a string), which makes it a "simple" CORS request:
 * no preflight, so one round trip per call. AnkiConnect parses the body as JSON whatever its type.
 */
async function post(url: string, fetchImpl: typeof fetch, body: object): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'POST', body: JSON.stringify(body) });
  } catch {
    // A closed port and a CORS refusal look the same to the page: a TypeError with no details.
    throw new AnkiConnectError('unreachable', MESSAGES.unreachable(globalThis.location?.origin ?? 'this site'));
  }
  if (response.status !== 200) throw new AnkiConnectError('refused', MESSAGES.refused(response.status));

  const reply = replySchema.safeParse(await response.json().catch(() => undefined));
  if (!reply.success) throw new AnkiConnectError('anki', MESSAGES.unexpected);
  if (reply.data.error !== null) throw new AnkiConnectError('anki', MESSAGES.anki(reply.data.error));
  return reply.data.result;
}

/** The note as AnkiConnect takes it, with the duplicate rule the reader wants. */
function withOptions(note: AnkiNote) {
  return { ...note, options: NOTE_OPTIONS };
}

/**
 * Text for inside a quoted Anki search: `"` and `\` must be escaped; `*` and `_` too, or Anki reads them
 * as wildcards and may match look-alikes. (`:` needs nothing: only the first one splits field from value.)
 */
function searchEscape(text: string): string {
  return text.replace(/["\\*_]/g, '\\$&');
}

/** The search for one deck (and, as always in Anki, its subdecks). */
function deckQuery(deck: string): string {
  return `deck:"${searchEscape(deck)}"`;
}

/** Plain text as field HTML: the markup characters escaped, line breaks as `<br>`. */
function toFieldHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * The fields by their `order`. A JS object cannot keep that order itself (keys such as "1" always come
 * first), so the order is read from cardsInfo rather than from the keys.
 */
function inFieldOrder(info: CardInfo): [string, CardInfo['fields'][string]][] {
  return Object.entries(info.fields).sort(([, a], [, b]) => a.order - b.order);
}

/** cardsInfo's `{Name: {value, order}}` fields become `{Name: value}`. */
function toAnkiCard(info: CardInfo): AnkiCard {
  const fields = inFieldOrder(info).map(([name, field]) => [name, field.value] as const);
  return {
    cardId: info.cardId,
    note: info.note,
    deckName: info.deckName,
    modelName: info.modelName,
    fields: Object.fromEntries(fields),
    interval: info.interval,
    queue: info.queue,
    type: info.type,
  };
}
