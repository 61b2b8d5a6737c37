import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the AnkiConnect add-on (protocol version 6) on a real TCP port, so the client is tested
 * over the same wire as in the browser: POST JSON to `/`, status 200 and `{result, error}` even for errors,
 * and CORS headers only for the origins in `webCorsOriginList`.
 */

export interface FakeAnkiDeck {
  name: string;
  cards: { fields: Record<string, string>; interval: number; modelName?: string }[];
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
  close(): Promise<void>;
}

interface FakeCard {
  cardId: number;
  note: number;
  deckName: string;
  modelName: string;
  fields: Record<string, string>;
  interval: number;
}

type Reply = { result: unknown; error: string | null };

const API_VERSION = 6;
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
  webCorsOriginList?: string[];
  port?: number;
}): Promise<AnkiConnectFake> {
  const cards = collectCards(options.decks);
  const corsOrigins = options.webCorsOriginList ?? ['http://localhost'];
  const requests: FakeAnkiRequest[] = [];

  const server = createServer((req, res) => {
    void handle(req, res, { cards, decks: options.decks, corsOrigins, requests });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
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

interface State {
  cards: FakeCard[];
  decks: FakeAnkiDeck[];
  corsOrigins: string[];
  requests: FakeAnkiRequest[];
}

async function handle(req: IncomingMessage, res: ServerResponse, state: State): Promise<void> {
  const origin = req.headers.origin;
  const headers = corsHeaders(origin, state.corsOrigins, req.headers['access-control-request-private-network']);

  if (req.method === 'OPTIONS') {
    res.writeHead(200, headers).end();
    return;
  }

  const body = await readBody(req);
  let reply: Reply;
  try {
    const request = JSON.parse(body) as { action?: unknown; version?: unknown; params?: unknown };
    const action = typeof request.action === 'string' ? request.action : '';
    const params = request.params ?? {};
    state.requests.push({ action, params, ...(origin ? { origin } : {}) });
    reply = answer(action, params, state);
  } catch {
    reply = { result: null, error: 'request is not valid JSON' };
  }
  // The real add-on says `text/json`; the client must not care.
  res.writeHead(200, { ...headers, 'Content-Type': 'text/json' }).end(JSON.stringify(reply));
}

/**
 * CORS as the add-on does it: the page's origin is echoed back only when it is allowed ("*" allows any).
 * Otherwise no header at all, and the browser refuses the answer: to the page that looks like Anki being off.
 */
function corsHeaders(
  origin: string | undefined,
  allowed: string[],
  privateNetwork: string | string[] | undefined,
): Record<string, string> {
  if (!origin || !(allowed.includes(origin) || allowed.includes('*'))) return {};
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
  const p = (params ?? {}) as { query?: unknown; cards?: unknown };
  switch (action) {
    case 'version':
      return ok(API_VERSION);
    case 'deckNames':
      return ok(state.decks.map((deck) => deck.name));
    case 'findCards':
      return findCards(String(p.query ?? ''), state.cards);
    case 'cardsInfo':
      return ok((Array.isArray(p.cards) ? p.cards : []).map((id) => cardInfo(id, state.cards)));
    default:
      return { result: null, error: 'unsupported action' };
  }
}

const ok = (result: unknown): Reply => ({ result, error: null });

/**
 * The few search forms the client uses: `deck:"Name"`, `"deck:Name"` and `deck:Name`, with Anki's
 * escapes (`\"`, `\\`, `\*`, `\_`) and wildcards (`*`, `_`). Subdecks (`Name::…`) match too, as in Anki.
 * An unclosed quote is an error, as in Anki; any other syntax returns every card.
 */
function findCards(query: string, cards: FakeCard[]): Reply {
  const text = query.trim();
  if ((text.replace(/\\./g, '').match(/"/g)?.length ?? 0) % 2 === 1) {
    return { result: null, error: `invalid search: unclosed quote in ${query}` };
  }
  const pattern =
    /^deck:"((?:[^"\\]|\\.)*)"$/.exec(text)?.[1] ??
    /^"deck:((?:[^"\\]|\\.)*)"$/.exec(text)?.[1] ??
    /^deck:((?:[^\s"\\]|\\.)+)$/.exec(text)?.[1];
  const matches = pattern === undefined ? () => true : deckMatcher(pattern);
  return ok(cards.filter((card) => matches(card.deckName)).map((card) => card.cardId));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Anki's deck search: case-insensitive, `*` any text, `_` one character, `\x` the character x itself. */
function deckMatcher(pattern: string): (deckName: string) => boolean {
  const source = pattern.replace(/\\(.)|\*|_|[.+?^${}()|[\]\\]/g, (match, escaped?: string) => {
    if (escaped !== undefined) return escapeRegExp(escaped);
    if (match === '*') return '.*';
    if (match === '_') return '.';
    return escapeRegExp(match);
  });
  const regex = new RegExp(`^${source}(::.*)?$`, 'is');
  return (deckName) => regex.test(deckName);
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
