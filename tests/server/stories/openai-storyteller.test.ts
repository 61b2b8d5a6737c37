import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scenes, stories } from '../../../src/server/db/schema';
import { createLlmClient, LlmTimeoutError, type ChatMessage, type LlmClient } from '../../../src/server/llm/client';
import { createOpenAiStoryteller } from '../../../src/server/storyteller/openai/provider';
import { MAX_LINE_CHARS } from '../../../src/server/storyteller/openai/split-line';
import type { DialogueEntry, ServerEvent } from '../../../src/shared/protocol';
import { startTestServer, type TestServer } from '../support/app';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-openai';
import { openStorySocket, verifiedReader } from '../support/story-socket';

const appearance = {
  hair_style: 'bob', hair_color: '#2b1b17', eye_color: '#3a5a7a', skin_tone: '#f1c9a5', outfit: 'sweater',
  outfit_color: '#aa3344', accessories: ['glasses'], age: 'teen', gender_presentation: 'feminine',
};

function scene(lines: { speaker: string; emotion: string; text: string }[], extra: Record<string, unknown> = {}) {
  return JSON.stringify(
    {
      title: 'The Red Umbrella',
      characters: [
        { key: 'amy', name: 'Amy', appearance },
        { key: 'ben', name: 'Ben' },
      ],
      setting: { location: 'a small cafe near the station', time_of_day: 'evening', weather: 'rain', atmosphere: 'cosy' },
      dialogue: lines,
      choices: [
        { text: 'Ask Ben about the umbrella.', language_note: '"Ask about" + a thing: the topic of a question.' },
        { text: 'Go home.', language_note: '"Go home" needs no "to".' },
      ],
      is_ending: false,
      summary: 'Amy finds a red umbrella in a cafe.',
      ...extra,
    },
    null,
    1,
  );
}

const easyLines = [
  { speaker: 'narrator', emotion: 'neutral', text: 'It is raining. Amy is in a small cafe.' },
  { speaker: 'amy', emotion: 'surprised', text: 'Look! A red umbrella. Is it yours, Ben?' },
  { speaker: 'ben', emotion: 'thinking', text: 'No, it is not my umbrella.' },
  { speaker: 'amy', emotion: 'curious', text: 'Then whose umbrella is it?' },
  { speaker: 'ben', emotion: 'happy', text: 'Maybe the old man by the window has it.' },
  { speaker: 'Amy', emotion: 'excited', text: 'Let us ask him!' },
];

let server: TestServer;
let model: FakeChatServer;
beforeAll(async () => {
  model = await startFakeChatServer();
  server = await startTestServer({ LLM_BASE_URL: model.url, LLM_MODEL: 'fake-story-model' });
});
afterAll(async () => {
  await server.close();
  await model.close();
});
beforeEach(() => {
  model.requests.length = 0;
});

async function createStory(level = 'A2', on = server) {
  const reader = await verifiedReader(on);
  const socket = await openStorySocket(on, `temp-${Math.random()}`, reader.token);
  socket.send({ type: 'create_story', theme: 'mystery', language: 'en', language_level: level, generation_id: 'g1' });
  return { socket, reader, sentAt: Date.now() };
}

const linesOf = (events: ServerEvent[]) =>
  events.filter((e) => e.type === 'scene_part_ready').flatMap((e) => (e as ServerEvent<'scene_part_ready'>).data.dialogue_entries) as DialogueEntry[];

describe('the openai-compatible storyteller', () => {
  it('streams a scene from the model in the order of the protocol, with the level in the prompt', async () => {
    model.script([{ content: scene(easyLines), chunkSize: 7 }]);
    const { socket } = await createStory();
    await socket.next('stream_done');
    expect(socket.events.filter((e) => e.event_id > 0).map((e) => e.type).filter((t, i, a) => t !== a[i - 1])).toEqual([
      'story_creation_started', 'story_id_ready', 'scene_metadata_ready', 'background_ready', 'scene_part_ready', 'choices_ready', 'story_created', 'streaming_complete', 'stream_done',
    ]);
    expect((await socket.next('story_id_ready')).data.title).toBe('The Red Umbrella');
    const lines = linesOf(socket.events);
    expect(lines.map((l) => l.text)).toEqual(easyLines.map((l) => l.text));
    expect(lines.map((l) => l.emotion)).toEqual(['neutral', 'surprised', 'thinking', 'thinking', 'happy', 'happy']);
    const meta = await socket.next('scene_metadata_ready');
    const amy = meta.data.characters.find((c) => c.name === 'Amy')!;
    expect(lines[1]!.character_id).toBe(amy.id);
    expect(lines[5]!.character_id).toBe(amy.id);
    expect(lines[0]!.character_id).toBeNull();
    const request = model.requests[0]!;
    expect(request.stream).toBe(true);
    expect(request.messages[0]!.content).toContain('CEFR A2');
    socket.ws.close();
  });

  it('asks for the setting first and draws it while the cast streams; the metadata still names the cast', async () => {
    const { setting, ...rest } = JSON.parse(scene(easyLines)) as Record<string, unknown>;
    model.script([{ content: JSON.stringify({ setting, ...rest }), chunkSize: 7 }]);
    const { socket } = await createStory();
    await socket.next('stream_done');
    const system = model.requests[0]!.messages[0]!.content;
    expect(system.indexOf('"setting"')).toBeLessThan(system.indexOf('"characters"'));
    expect(socket.events.filter((e) => e.event_id > 0).map((e) => e.type).filter((t, i, a) => t !== a[i - 1])).toEqual([
      'story_creation_started', 'story_id_ready', 'scene_metadata_ready', 'background_ready', 'scene_part_ready', 'choices_ready', 'story_created', 'streaming_complete', 'stream_done',
    ]);
    const meta = await socket.next('scene_metadata_ready');
    expect(meta.data.characters.map((c) => c.name)).toEqual(['Amy', 'Ben']);
    expect(meta.data.setting.location).toBe('a small cafe near the station');
    expect(linesOf(socket.events)[1]!.character_id).toBe(meta.data.characters[0]!.id);
    socket.ws.close();
  });

  it('sends each line the moment it is complete, while the model is still writing', async () => {
    model.script([{ content: scene(easyLines), chunkSize: 8, chunkDelayMs: 15 }]);
    const { socket } = await createStory();
    const first = await socket.next('scene_part_ready');
    const atFirst = Date.now();
    expect(first.data.part_index).toBe(0);
    expect(socket.events.some((e) => e.type === 'choices_ready')).toBe(false);
    await socket.next('stream_done');
    expect(Date.now() - atFirst).toBeGreaterThan(100);
    socket.ws.close();
  });

  it('retries a stream cut mid-line from the lines already shown, never showing the half line', async () => {
    const content = scene(easyLines);
    const cut = content.indexOf('Then whose');
    // The second answer continues after the lines its prompt says the reader has read, as a model would.
    const continuation = (messages: { content: string }[]) => scene(easyLines.filter((l) => !messages[1]!.content.includes(l.text)));
    model.script([{ content, cutAfter: cut + 4, chunkSize: 4 }, { content: continuation }]);
    const { socket } = await createStory();
    await socket.next('stream_done');
    expect(linesOf(socket.events).map((l) => l.text)).toEqual(easyLines.map((l) => l.text));
    expect(model.requests).toHaveLength(2);
    socket.ws.close();
  });

  it('retries invalid JSON, and drops a malformed line rather than showing it', async () => {
    model.script([
      { content: '{"title": "Oops", "characters": [}' },
      { content: scene([...easyLines.slice(0, 3), { speaker: 'amy' } as never, ...easyLines.slice(3)]) },
    ]);
    const { socket } = await createStory();
    await socket.next('stream_done');
    expect(linesOf(socket.events).map((l) => l.text)).toEqual(easyLines.map((l) => l.text));
    expect(socket.events.some((e) => e.type === 'streaming_error')).toBe(false);
    socket.ws.close();
  });

  it('reports a provider error as a streaming error and gives the story back to the quota', async () => {
    model.script([{ status: 503 }]);
    const { socket, reader } = await createStory();
    const failure = await socket.next('streaming_error');
    expect(failure.data.type).toBe('ProviderUnavailable');
    await server.app.stories.idle();
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${reader.token}` } });
    expect(me.json().subscription.stories_generated).toBe(0);
    socket.ws.close();
  });

  it('shows markup from the model as text', async () => {
    const hostile = [...easyLines.slice(0, 5), { speaker: 'ben', emotion: 'angry', text: 'Read this: <script>alert(1)</script> <img src=x onerror=alert(2)>' }];
    model.script([{ content: scene(hostile) }]);
    const { socket } = await createStory();
    await socket.next('stream_done');
    const last = linesOf(socket.events).at(-1)!;
    expect(last.text).toContain('<script>');
    expect(last.html_text).not.toMatch(/<script|<img/);
    expect(last.html_text).toContain('&lt;');
    socket.ws.close();
  });

  it('writes the rest of a scene again once when the model ignores the level, naming the hard words, and glosses what remains', async () => {
    const hard = [
      { speaker: 'narrator', emotion: 'neutral', text: 'Notwithstanding the ubiquitous, ephemeral drizzle, perspicacious Amy scrutinised the enigmatic, ostentatious umbrella.' },
      { speaker: 'amy', emotion: 'thinking', text: 'Its provenance is unfathomable and its craftsmanship impeccable.' },
      ...easyLines.slice(2),
    ];
    model.script([{ content: scene(hard) }, { content: scene(easyLines.slice(2)) }]);
    const { socket } = await createStory('A1');
    await socket.next('stream_done');
    expect(model.requests).toHaveLength(2);
    const feedback = model.requests[1]!.messages[1]!.content;
    expect(feedback).toMatch(/above the reader's level/);
    expect(feedback).toMatch(/ubiquitous|perspicacious|scrutinise/);
    const lines = linesOf(socket.events);
    // The check waits for enough words: the two hard lines were shown, glossed; the rest was rewritten.
    expect(lines.slice(0, 2).map((l) => l.text)).toEqual(hard.slice(0, 2).map((l) => l.text));
    expect(lines[0]!.new_words.length).toBeGreaterThan(3);
    expect(lines[0]!.new_words.every((w) => w.gloss.length > 0)).toBe(true);
    expect(lines.slice(2).map((l) => l.text)).toEqual(easyLines.slice(2).map((l) => l.text));
    socket.ws.close();
  });
  it('stops reading at the end of the answer even when the model never closes its stream', async () => {
    model.script([{ content: scene(easyLines), holdOpen: true }]);
    const { socket, sentAt } = await createStory();
    await socket.next('stream_done');
    expect(Date.now() - sentAt).toBeLessThan(3000);
    expect(linesOf(socket.events).map((l) => l.text)).toEqual(easyLines.map((l) => l.text));
    expect(model.requests).toHaveLength(1);
    // The storyteller hung up rather than waiting for an end that never comes.
    await vi.waitFor(() => expect(model.openStreams()).toBe(0));
    socket.ws.close();
  });

  it('shows a long line as several with the same speaker and emotion, dropping nothing', async () => {
    const sentences = [
      'Amy looks at the red umbrella again.', 'It is big and old, and it has a long black handle.', 'There is a name on it, but she cannot read it well.',
      'She puts it on the table and sits down.', 'Ben gives her a cup of hot tea.', 'Outside, the rain is very heavy now.',
      'People walk fast in the street with their bags over their heads.', 'The old man by the window is reading a book.', 'He looks up at Amy and smiles.',
      'Amy smiles back at him.', 'The tea is hot and good, so she drinks it slowly.', 'Ben sits down next to her with his own cup.',
      'Then she looks at the umbrella one more time.', 'Maybe it is his umbrella, she thinks.', 'She wants to ask him about it now.',
    ];
    const long = { speaker: 'amy', emotion: 'happy', text: sentences.join(' ') };
    expect(long.text.length).toBeGreaterThanOrEqual(600);
    const more = [
      { speaker: 'ben', emotion: 'happy', text: 'Good idea. Let us go.' },
      { speaker: 'narrator', emotion: 'neutral', text: 'They walk to the window.' },
    ];
    const written = [...easyLines.slice(0, 3), long, ...easyLines.slice(3), ...more];
    model.script([{ content: scene(written) }]);
    const { socket } = await createStory();
    await socket.next('stream_done');
    expect(model.requests).toHaveLength(1);
    const lines = linesOf(socket.events);
    const parts = lines.slice(3, lines.length - 5);
    expect(parts.length).toBeGreaterThanOrEqual(4);
    expect(parts.map((l) => l.text).join(' ')).toBe(long.text);
    expect(parts.every((l) => [...l.text].length <= MAX_LINE_CHARS)).toBe(true);
    expect(new Set(parts.map((l) => `${l.character_id}/${l.emotion}`)).size).toBe(1);
    expect(parts[0]!.character_id).toBe(lines[1]!.character_id);
    expect(parts[0]!.emotion).toBe('happy');
    expect([...lines.slice(0, 3), ...lines.slice(-5)].map((l) => l.text)).toEqual([...easyLines, ...more].map((l) => l.text));
    socket.ws.close();
  });

  it('asks scene 2 for the words the reader is learning at or below the level, and shows the scene that uses them', async () => {
    const practice = [
      { speaker: 'narrator', emotion: 'neutral', text: 'Amy walks to the station with her umbrella.' },
      { speaker: 'amy', emotion: 'happy', text: 'The library is next to the station, Ben.' },
      ...easyLines.slice(2),
    ];
    model.script([{ content: scene(easyLines) }, { content: scene(practice) }]);
    const { socket, reader } = await createStory();
    await socket.next('stream_done');
    const storyId = (await socket.next('story_id_ready')).data.story_id;
    const first = await socket.next('choices_ready');
    const auth = { authorization: `Bearer ${reader.token}` };
    const save = (key: string) =>
      server.app.inject({ method: 'POST', url: '/api/review/cards', headers: auth, payload: { language: 'en', kind: 'word', key, word: key, sentence: `A ${key}.`, story_id: storyId } });
    // Two saved words at A2 or below, one far above it, and one known (not learning) word.
    for (const key of ['station', 'library', 'ubiquitous']) expect((await save(key)).statusCode).toBe(201);
    await server.app.inject({ method: 'POST', url: '/api/words/mark', headers: auth, payload: { language: 'en', key: 'umbrella', status: 'known' } });

    const from = socket.events.length;
    socket.send({ type: 'choice', choice_id: first.data.choices[0]!.id, generation_id: 'g-practice' });
    await socket.next('stream_done', from);
    expect(model.requests[0]!.messages[1]!.content).not.toMatch(/is learning these words/);
    const prompt = model.requests[1]!.messages[1]!.content;
    const asked = prompt.match(/The reader is learning these words: .*: (.*)\.$/m)?.[1]?.split(', ');
    expect(asked?.sort()).toEqual(['library', 'station']);
    const shown = linesOf(socket.events.slice(from)).map((l) => l.text);
    expect(shown.slice(0, 2)).toEqual(practice.slice(0, 2).map((l) => l.text));
    socket.ws.close();
  });

  it('counts words the reader knows as in-level: a scene full of them is not written again', async () => {
    const hard = [
      { speaker: 'narrator', emotion: 'neutral', text: 'Notwithstanding the ubiquitous, ephemeral drizzle, perspicacious Amy scrutinised the enigmatic, ostentatious umbrella.' },
      { speaker: 'amy', emotion: 'thinking', text: 'Its provenance is unfathomable and its craftsmanship impeccable.' },
      ...easyLines.slice(2),
    ];
    const reader = await verifiedReader(server);
    const auth = { authorization: `Bearer ${reader.token}` };
    const keys = ['notwithstanding', 'ubiquitous', 'ephemeral', 'drizzle', 'perspicacious', 'scrutinise', 'enigmatic', 'ostentatious', 'provenance', 'unfathomable', 'craftsmanship', 'impeccable'];
    const imported = await server.app.inject({ method: 'POST', url: '/api/words/import', headers: auth, payload: { kind: 'list', language: 'en', text: keys.join('\n') } });
    expect(imported.statusCode, imported.body).toBe(200);
    model.script([{ content: scene(hard) }, { content: scene(easyLines.slice(2)) }]);
    const socket = await openStorySocket(server, `temp-${Math.random()}`, reader.token);
    socket.send({ type: 'create_story', theme: 'mystery', language: 'en', language_level: 'A1', generation_id: 'g-known' });
    await socket.next('stream_done');
    expect(model.requests).toHaveLength(1);
    expect(linesOf(socket.events).map((l) => l.text)).toEqual(hard.map((l) => l.text));
    socket.ws.close();
  });

  it('writes a branch from a past choice with the story as it stood at that scene, not as another branch left it', async () => {
    model.script([
      { content: scene(easyLines, { summary: 'Amy finds a red umbrella in a cafe.' }) },
      { content: scene(easyLines, { summary: 'Ben admits the umbrella was stolen.' }) },
      { content: scene(easyLines, { summary: 'Amy walks home in the rain.' }) },
    ]);
    const { socket, reader } = await createStory();
    await socket.next('stream_done');
    const storyId = (await socket.next('story_id_ready')).data.story_id;
    const first = await socket.next('choices_ready');
    let from = socket.events.length;
    socket.send({ type: 'choice', choice_id: first.data.choices[0]!.id, generation_id: 'g2' });
    await socket.next('stream_done', from);
    expect(model.requests[1]!.messages.map((m) => m.content).join('\n')).toContain('So far: Amy finds a red umbrella in a cafe.');

    from = socket.events.length;
    const branched = await server.app.inject({
      method: 'POST',
      url: `/api/stories/${storyId}/branch`,
      headers: { authorization: `Bearer ${reader.token}` },
      payload: { scene_id: first.scene_id, choice_id: first.data.choices[1]!.id, generation_id: 'g-other' },
    });
    expect(branched.json().data.reopened).toBe(false);
    await socket.next('stream_done', from);
    const prompt = model.requests[2]!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('So far: Amy finds a red umbrella in a cafe.');
    expect(prompt).not.toContain('stolen');
    expect(prompt).toContain('Go home.');
    socket.ws.close();
  });

  it('removes NUL and lone surrogates from what the model wrote before storing or sending it', async () => {
    const dirty = easyLines.map((l, i) => (i === 1 ? { ...l, text: 'Look!\u0000 A red umbrella.\ud800 Is it yours, Ben?' } : l));
    model.script([{ content: scene(dirty, { title: 'The Red\u0000 Umbrella\udc00' }) }]);
    const { socket } = await createStory();
    await socket.next('stream_done');
    expect(socket.events.some((e) => e.type === 'streaming_error')).toBe(false);
    expect(model.requests).toHaveLength(1);
    const clean = 'Look! A red umbrella. Is it yours, Ben?';
    expect(linesOf(socket.events).map((l) => l.text)).toEqual(easyLines.map((l) => l.text));
    const announced = await socket.next('story_id_ready');
    expect(announced.data.title).toBe('The Red Umbrella');
    const [story] = await server.database.db.select().from(stories).where(eq(stories.id, announced.data.story_id));
    expect(story!.title).toBe('The Red Umbrella');
    const [stored] = await server.database.db.select().from(scenes).where(eq(scenes.storyId, announced.data.story_id));
    expect((stored!.dialogue as DialogueEntry[])[1]!.text).toBe(clean);
    socket.ws.close();
  });
});

describe('the openai-compatible storyteller against a model that stalls', () => {
  let fast: TestServer;
  beforeAll(async () => {
    // A short idle timeout, so a stalled answer is given up in a fraction of a second.
    const settings = { baseUrl: model.url, model: 'fake-story-model', idleTimeoutMs: 300, deadlineMs: 5000 };
    fast = await startTestServer(
      { LLM_BASE_URL: model.url, LLM_MODEL: settings.model, LLM_IDLE_TIMEOUT_MS: '300', LLM_DEADLINE_MS: '5000' },
      { storyteller: createOpenAiStoryteller(createLlmClient(settings)) },
    );
  });
  afterAll(async () => {
    await fast.close();
  });

  it('gives up on a model that goes quiet after two lines and retries the scene from them', async () => {
    const content = scene(easyLines);
    const continuation = (messages: { content: string }[]) => scene(easyLines.filter((l) => !messages[1]!.content.includes(l.text)));
    model.script([{ content, stallAfter: content.indexOf(easyLines[2]!.text), chunkSize: 4 }, { content: continuation }]);
    const { socket, sentAt } = await createStory('A2', fast);
    await socket.next('stream_done');
    expect(Date.now() - sentAt).toBeLessThan(3000);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.messages[1]!.content).toContain(easyLines[1]!.text);
    expect(linesOf(socket.events).map((l) => l.text)).toEqual(easyLines.map((l) => l.text));
    expect(socket.events.some((e) => e.type === 'streaming_error')).toBe(false);
    await vi.waitFor(() => expect(model.openStreams()).toBe(0));
    socket.ws.close();
  });
});

describe("the model client's clocks", () => {
  const ask: ChatMessage[] = [{ role: 'user', content: 'Tell me a story.' }];
  const client = (limits: { idleTimeoutMs: number; deadlineMs: number }) => createLlmClient({ baseUrl: model.url, model: 'fake-story-model', ...limits });
  async function read(llm: LlmClient, signal = new AbortController().signal) {
    let text = '';
    for await (const chunk of llm.stream(ask, { signal, maxTokens: 100 })) text += chunk;
    return text;
  }

  it('reads a whole answer within its limits', async () => {
    model.script([{ content: 'Once upon a time, there was a fox.', chunkSize: 3, chunkDelayMs: 10 }]);
    expect(await read(client({ idleTimeoutMs: 500, deadlineMs: 5000 }))).toBe('Once upon a time, there was a fox.');
  });

  it('gives up with an idle timeout when the model goes quiet, and hangs up', async () => {
    model.script([{ content: 'Once upon a time, there was a fox.', stallAfter: 8, chunkSize: 4 }]);
    const started = Date.now();
    const error = await read(client({ idleTimeoutMs: 200, deadlineMs: 5000 })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LlmTimeoutError);
    expect((error as LlmTimeoutError).kind).toBe('idle');
    expect(Date.now() - started).toBeLessThan(2000);
    await vi.waitFor(() => expect(model.openStreams()).toBe(0));
  });

  it('gives up at the deadline on a model that keeps writing too slowly', async () => {
    model.script([{ content: 'x'.repeat(200), chunkSize: 1, chunkDelayMs: 20 }]);
    const started = Date.now();
    const error = await read(client({ idleTimeoutMs: 1000, deadlineMs: 300 })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LlmTimeoutError);
    expect((error as LlmTimeoutError).kind).toBe('deadline');
    expect(Date.now() - started).toBeLessThan(2000);
    await vi.waitFor(() => expect(model.openStreams()).toBe(0));
  });

  it("reports the caller's own abort as an abort, not as a timeout", async () => {
    model.script([{ content: 'Once upon a time, there was a fox.', stallAfter: 8, chunkSize: 4 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await read(client({ idleTimeoutMs: 5000, deadlineMs: 10_000 }), controller.signal).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(OpenAI.APIUserAbortError);
    await vi.waitFor(() => expect(model.openStreams()).toBe(0));
  });
});
