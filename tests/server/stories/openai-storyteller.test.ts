import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

async function createStory(level = 'A2') {
  const reader = await verifiedReader(server);
  const socket = await openStorySocket(server, `temp-${Math.random()}`, reader.token);
  socket.send({ type: 'create_story', theme: 'mystery', language: 'en', language_level: level, generation_id: 'g1' });
  return { socket, reader };
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
});
