import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnkiCard, AnkiNote } from '../../src/scenes/anki-connect';

/**
 * A stand-in for the AnkiConnect add-on (protocol version 6) on a real TCP port, so the client is tested
 * over the same wire as in the browser: POST JSON to `/`, status 200 and `{result, error}` even for errors,
 * and CORS headers only for the origins in `webCorsOriginList` (a page from any other gets 403, and nothing
 * is done). Notes can be added; each seeded card stands for one note.
 */

export interface FakeAnkiDeck {
  name: string;
  /** One note each; `modelName` defaults to Basic (whose fields the card need not keep to). */
  cards: (Pick<AnkiCard, 'fields' | 'interval'> & Partial<Pick<AnkiCard, 'modelName'>>)[];
}

/** A note added through addNote: its fields in the note type's order, empty ones included. */
export interface FakeAnkiNote extends AnkiNote {
  noteId: number;
}

export interface FakeAnkiRequest {
  action: string;
  params: unknown;
  origin?: string;
}

export interface AnkiConnectFake {
  url: string;
  port: number;
  /** Every POSTed action, in order of arrival. */
  requests: FakeAnkiRequest[];
  /** The notes addNote took, in order. */
  addedNotes: FakeAnkiNote[];
  close(): Promise<void>;
}

/** A card as the fake keeps it; queue and type follow from the interval (see `schedule`). */
type FakeCard = Omit<AnkiCard, 'queue' | 'type'>;

type Reply = { result: unknown; error: string | null };

const API_VERSION = 6;
/** The note types of a new Anki collection, with their fields in order. */
const STOCK_NOTE_TYPES: Record<string, string[]> = {
  Basic: ['Front', 'Back'],
  'Basic (and reversed card)': ['Front', 'Back'],
  'Basic (optional reversed card)': ['Front', 'Back', 'Add Reverse'],
  'Basic (type in the answer)': ['Front', 'Back'],
  Cloze: ['Text', 'Back Extra'],
};
/** Ids of added notes (and their cards) start here, after the seeded ones, like Anki's creation times. */
const FIRST_ADDED_ID = 1_800_000_000_000;
/** The CSS of Anki's stock note types. */
const DEFAULT_CSS = [
  '.card {',
  '    font-family: arial;',
  '    font-size: 20px;',
  '    text-align: center;',
  '    color: black;',
  '    background-color: white;',
  '}',
  '',
].join('\n');

export async function startAnkiConnectFake(options: {
  decks: FakeAnkiDeck[];
  /** Note type name → its field names in order; Anki's stock types when left out. A card's model that is
   * not listed is added with that card's fields. */
  noteTypes?: Record<string, string[]>;
  webCorsOriginList?: string[];
  port?: number;
}): Promise<AnkiConnectFake> {
  const cards = collectCards(options.decks);
  const state: State = {
    cards,
    decks: options.decks,
    noteTypes: collectNoteTypes(options.noteTypes ?? STOCK_NOTE_TYPES, cards),
    corsOrigins: options.webCorsOriginList ?? ['http://localhost'],
    requests: [],
    addedNotes: [],
    nextId: FIRST_ADDED_ID,
  };

  const server = createServer((req, res) => {
    void handle(req, res, state);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: state.requests,
    addedNotes: state.addedNotes,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // fetch keeps connections alive; drop them, or close() would wait for them to time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Gives every card ids like Anki's (creation times in ms), unique across decks. */
function collectCards(decks: FakeAnkiDeck[]): FakeCard[] {
  const firstId = 1_700_000_000_000;
  return decks.flatMap((deck) => deck.cards.map((card) => ({ deck, card }))).map(({ deck, card }, index) => ({
    cardId: firstId + index,
    note: firstId - 1_000_000 + index,
    deckName: deck.name,
    modelName: card.modelName ?? 'Basic',
    fields: card.fields,
    interval: card.interval,
  }));
}

/** The seeded note types, plus any other model a seeded card names (with that card's fields). */
function collectNoteTypes(seeded: Record<string, string[]>, cards: FakeCard[]): Map<string, string[]> {
  const types = new Map(Object.entries(seeded));
  for (const card of cards) if (!types.has(card.modelName)) types.set(card.modelName, Object.keys(card.fields));
  return types;
}

interface State {
  /** One per note: seeded ones, then added ones. */
  cards: FakeCard[];
  decks: FakeAnkiDeck[];
  noteTypes: Map<string, string[]>;
  corsOrigins: string[];
  requests: FakeAnkiRequest[];
  addedNotes: FakeAnkiNote[];
  nextId: number;
}

async function handle(req: IncomingMessage, res: ServerResponse, state: State): Promise<void> {
  const origin = req.headers.origin;
  const headers = corsHeaders(origin, state.corsOrigins, req.headers['access-control-request-private-network']);

  if (req.method === 'OPTIONS') {
    res.writeHead(200, headers).end();
    return;
  }

  const body = await readBody(req);
  const request = parseRequest(body);
  if (request) state.requests.push({ ...request, ...(origin ? { origin } : {}) });
  // A page from an origin not allowed gets nothing done: the add-on answers 403 without running the action.
  if (!originAllowed(origin, state.corsOrigins)) {
    res.writeHead(403, headers).end();
    return;
  }
  const reply: Reply = request
    ? answer(request.action, request.params, state)
    : { result: null, error: 'request is not valid JSON' };
  // The real add-on says `text/json`; the client must not care.
  res.writeHead(200, { ...headers, 'Content-Type': 'text/json' }).end(JSON.stringify(reply));
}

function parseRequest(body: string): FakeAnkiRequest | undefined {
  try {
    const request = JSON.parse(body) as { action?: unknown; version?: unknown; params?: unknown };
    return { action: typeof request.action === 'string' ? request.action : '', params: request.params ?? {} };
  } catch {
    return undefined;
  }
}

/**
 * The add-on's rule: a request without Origin (not from a page) is allowed; a page's origin must be in the
 * list, or the list holds "*"; with "http://localhost" listed, 127.0.0.1 pages and browser extensions pass too.
 */
function originAllowed(origin: string | undefined, allowed: string[]): boolean {
  if (origin === undefined || allowed.includes('*') || allowed.includes(origin)) return true;
  return (
    allowed.includes('http://localhost') &&
    /^(https?:\/\/127\.0\.0\.1$|http:\/\/127\.0\.0\.1:|(chrome|moz|safari-web)-extension:\/\/|app:\/\/)/.test(origin)
  );
}

/**
 * CORS as the add-on does it: the page's origin is echoed back only when it is allowed ("*" allows any).
 * Otherwise no header for it (the add-on names another origin), and the browser refuses the answer: to the
 * page that looks like Anki being off.
 */
function corsHeaders(
  origin: string | undefined,
  allowed: string[],
  privateNetwork: string | string[] | undefined,
): Record<string, string> {
  if (!origin || !originAllowed(origin, allowed)) return {};
  return {
    'Access-Control-Allow-Origin': allowed.includes('*') ? '*' : origin,
    'Access-Control-Allow-Headers': '*',
    // Chrome's Private Network Access preflight (a public site calling 127.0.0.1); the add-on allows it.
    ...(privateNetwork === 'true' ? { 'Access-Control-Allow-Private-Network': 'true' } : {}),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One action's reply. The real add-on treats a missing version as 4 and then answers the bare result;
 * the fake keeps to the `{result, error}` envelope for every version, which is all the client speaks.
 */
function answer(action: string, params: unknown, state: State): Reply {
  const p = (params ?? {}) as Partial<Record<'query' | 'cards' | 'modelName' | 'notes' | 'note', unknown>>;
  try {
    switch (action) {
      case 'version':
        return ok(API_VERSION);
      case 'deckNames':
        return ok(state.decks.map((deck) => deck.name));
      case 'findCards':
        return ok(search(String(p.query ?? ''), state.cards).map((card) => card.cardId));
      case 'findNotes':
        return ok([...new Set(search(String(p.query ?? ''), state.cards).map((card) => card.note))]);
      case 'cardsInfo':
        return ok((Array.isArray(p.cards) ? p.cards : []).map((id) => cardInfo(id, state.cards)));
      case 'modelNames':
        return ok([...state.noteTypes.keys()]);
      case 'modelFieldNames':
        return ok(noteType(String(p.modelName), state));
      case 'canAddNotes':
        return ok((Array.isArray(p.notes) ? p.notes : []).map((note) => canAdd(note, state)));
      case 'addNote':
        return ok(addNote(p.note, state));
      default:
        return { result: null, error: 'unsupported action' };
    }
  } catch (error) {
    // The add-on answers any exception in an action with its text as `error`.
    return { result: null, error: error instanceof Error ? error.message : String(error) };
  }
}

const ok = (result: unknown): Reply => ({ result, error: null });

/** A note type's field names, or the add-on's error for an unknown one. */
function noteType(name: string, state: State): string[] {
  const fields = state.noteTypes.get(name);
  if (!fields) throw new Error(`model was not found: ${name}`);
  return fields;
}

/** A note as addNote and canAddNotes receive it, after the add-on's own checks (model first, then deck). */
interface NoteRequest {
  deckName: string;
  modelName: string;
  /** In the note type's order, every field present. */
  fields: Record<string, string>;
  tags: string[];
  options: { allowDuplicate?: unknown; duplicateScope?: unknown };
}

function readNote(raw: unknown, state: State): NoteRequest {
  const note = (raw ?? {}) as Partial<Record<'deckName' | 'modelName' | 'fields' | 'tags' | 'options', unknown>>;
  const modelName = String(note.modelName);
  const fieldNames = noteType(modelName, state);
  const deckName = String(note.deckName);
  if (!state.decks.some((deck) => deck.name === deckName)) throw new Error(`deck was not found: ${deckName}`);

  // As the add-on: given names match the type's fields case-insensitively; unknown names are dropped.
  const given = Object.entries((note.fields ?? {}) as Record<string, unknown>);
  const fields = Object.fromEntries(
    fieldNames.map((name) => {
      const value = given.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
      return [name, value === undefined ? '' : String(value)];
    }),
  );
  const tags = Array.isArray(note.tags) ? note.tags.map(String) : [];
  return { deckName, modelName, fields, tags, options: (note.options ?? {}) as NoteRequest['options'] };
}

/**
 * Anki's rule: the first field must hold something, and no note of the same type may have the same first
 * field (compared without HTML): within the target deck for duplicateScope 'deck', else the whole collection.
 */
function checkNote(note: NoteRequest, cards: FakeCard[]): void {
  const first = Object.values(note.fields)[0] ?? '';
  if (first.trim() === '') throw new Error('cannot create note because it is empty');
  if (note.options.allowDuplicate === true) return;
  const key = duplicateKey(first);
  const duplicate = cards.some(
    (card) =>
      card.modelName === note.modelName &&
      (note.options.duplicateScope !== 'deck' || card.deckName === note.deckName) &&
      duplicateKey(Object.values(card.fields)[0] ?? '') === key,
  );
  if (duplicate) throw new Error('cannot create note because it is a duplicate');
}

/** What Anki compares first fields by: the text without tags, entities decoded, trimmed. */
function duplicateKey(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|nbsp);/g, (_, name: string) => entities[name]!)
    .trim();
}

/** canAddNotes: whatever would make addNote fail (unknown deck or type included) gives false. */
function canAdd(raw: unknown, state: State): boolean {
  try {
    checkNote(readNote(raw, state), state.cards);
    return true;
  } catch {
    return false;
  }
}

/** Stores the note with one new card (interval 0) in its deck, and returns the note's id. */
function addNote(raw: unknown, state: State): number {
  const note = readNote(raw, state);
  checkNote(note, state.cards);
  const noteId = state.nextId;
  state.nextId += 2;
  const { deckName, modelName, fields, tags } = note;
  state.cards.push({ cardId: noteId + 1, note: noteId, deckName, modelName, fields, interval: 0 });
  state.addedNotes.push({ noteId, deckName, modelName, fields, tags });
  return noteId;
}

/**
 * A subset of Anki's search, enough for the client's queries: terms separated by spaces, all of which must
 * match (no OR, `-` or brackets). A term may be quoted whole (`"deck:A B"`) or after its key (`deck:"A B"`);
 * inside, `\"`, `\\`, `\*`, `\_` and `\:` stand for the character itself, while `*` is any text and `_`
 * one character. Case is ignored, as in Anki.
 * - `deck:Name`: the deck and its subdecks (`Name::…`);
 * - `note:Name`: the note type;
 * - `field:value`: a field (by name) whose whole content is value (Anki's other keys, `tag:`, `is:`…, are
 *   refused rather than misread as fields);
 * - other text: found anywhere in a field.
 * An unclosed quote is an error, as in Anki; an empty search finds everything.
 */
function search(query: string, cards: FakeCard[]): FakeCard[] {
  if ((query.replace(/\\./g, '').match(/"/g)?.length ?? 0) % 2 === 1) {
    throw new Error(`invalid search: unclosed quote in ${query}`);
  }
  const terms = (query.match(/(?:[^\s"\\]|\\.|"(?:[^"\\]|\\.)*")+/g) ?? []).map(termMatcher);
  return cards.filter((card) => terms.every((matches) => matches(card)));
}

/** Anki's search keys that are not field names; the fake knows only `deck` and `note`. */
const SPECIAL_KEYS = new Set([
  ...['tag', 'is', 'card', 'flag', 'prop', 'added', 'edited', 'rated', 'introduced'],
  ...['nid', 'cid', 'mid', 're', 'nc', 'dupe'],
]);

function termMatcher(term: string): (card: FakeCard) => boolean {
  const text = term.replace(/\\.|"/g, (match) => (match === '"' ? '' : match)); // quotes go, escapes stay
  const colon = /^((?:[^:\\]|\\.)+):(.*)$/s.exec(text);
  if (!colon) {
    const anywhere = wildcardRegExp(text, '', '');
    return (card) => Object.values(card.fields).some((value) => anywhere.test(value));
  }
  const [, key = '', value = ''] = colon;
  const keyName = key.toLowerCase();
  if (keyName === 'deck') {
    const deck = wildcardRegExp(value, '^', '(::.*)?$');
    return (card) => deck.test(card.deckName);
  }
  if (keyName === 'note') {
    const model = wildcardRegExp(value, '^', '$');
    return (card) => model.test(card.modelName);
  }
  if (SPECIAL_KEYS.has(keyName)) throw new Error(`the AnkiConnect fake does not support "${key}:" searches`);
  const field = wildcardRegExp(key, '^', '$');
  const content = wildcardRegExp(value, '^', '$');
  return (card) => Object.entries(card.fields).some(([name, value]) => field.test(name) && content.test(value));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Search text as a case-insensitive regexp: `*` any text, `_` one character, `\x` the character x itself. */
function wildcardRegExp(pattern: string, before: string, after: string): RegExp {
  const source = pattern.replace(/\\(.)|\*|_|[.+?^${}()|[\]\\]/gs, (match, escaped?: string) => {
    if (escaped !== undefined) return escapeRegExp(escaped);
    if (match === '*') return '.*';
    if (match === '_') return '.';
    return escapeRegExp(match);
  });
  return new RegExp(`${before}${source}${after}`, 'is');
}

/** A card as cardsInfo gives it: fields as `{value, order}`, plus the scheduling keys; `{}` for an unknown id. */
function cardInfo(id: unknown, cards: FakeCard[]): object {
  const card = cards.find((candidate) => candidate.cardId === id);
  if (!card) return {};
  const values = Object.values(card.fields);
  return {
    answer: `${values[0] ?? ''}<hr id=answer>${values.slice(1).join('<br>')}`,
    question: values[0] ?? '',
    deckName: card.deckName,
    modelName: card.modelName,
    fieldOrder: 0,
    fields: Object.fromEntries(Object.entries(card.fields).map(([name, value], order) => [name, { value, order }])),
    css: DEFAULT_CSS,
    cardId: card.cardId,
    interval: card.interval,
    note: card.note,
    ord: 0,
    ...schedule(card),
    mod: Math.floor(card.cardId / 1000),
  };
}

/** Scheduling keys consistent with the interval: 0 new, negative learning (seconds), positive review (days). */
function schedule(card: FakeCard) {
  if (card.interval === 0) {
    return { type: 0, queue: 0, due: card.cardId % 10_000, reps: 0, lapses: 0, left: 0, factor: 0 };
  }
  if (card.interval < 0) {
    const dueAt = Math.floor(card.cardId / 1000) - card.interval;
    return { type: 1, queue: 1, due: dueAt, reps: 1, lapses: 0, left: 1001, factor: 2500 };
  }
  return { type: 2, queue: 2, due: 700 + card.interval, reps: 5, lapses: 1, left: 0, factor: 2500 };
}
