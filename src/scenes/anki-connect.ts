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

export interface AnkiConnect {
  version(): Promise<number>;
  deckNames(): Promise<string[]>;
  findCards(query: string): Promise<number[]>;
  cardsInfo(cards: number[]): Promise<AnkiCard[]>;
  deckCards(deck: string, onProgress?: (done: number, total: number) => void): Promise<AnkiCard[]>;
  deckFields(deck: string): Promise<string[]>;
}

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
};

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

/**
 * The search for one deck (and, as always in Anki, its subdecks). Inside quotes, `"` and `\` must be
 * escaped; `*` and `_` too, or Anki reads them as wildcards and may match look-alike decks.
 */
function deckQuery(deck: string): string {
  return `deck:"${deck.replace(/["\\*_]/g, '\\$&')}"`;
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
