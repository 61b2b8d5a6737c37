// How long a learner waits for a new story, and how much of that wait is the server's own: create_story →
// first line and → navigation-ready, through the real server, against the storyteller alone in the same run.
import { createLlmClient } from '../../src/server/llm/client';
import { createLibraryStoryteller } from '../../src/server/storyteller/library/provider';
import { createOpenAiStoryteller } from '../../src/server/storyteller/openai/provider';
import type { SceneRequest, Storyteller } from '../../src/server/storyteller/types';
import { startOutside, type CreateMessage, type Timing } from './support/outside';
import { median } from './support/stats';
import { startStoryBenchServer } from './support/story-bench-server';

const LIBRARY_RUNS = 20;
const MODEL_RUNS = 8;
/** About 100 tokens a second: four characters every 10 ms. */
const TOKEN_CHUNK = { chunkSize: 4, chunkDelayMs: 10 };

/** The storyteller's own time to its first line, with nothing around it. */
async function firstLineAlone(storyteller: Storyteller, create: CreateMessage): Promise<number> {
  const request: SceneRequest = {
    language: create.language,
    level: create.language_level as SceneRequest['level'],
    theme: create.theme as SceneRequest['theme'],
    sceneNumber: 1,
    title: '',
    summary: '',
    characters: [],
    choicesMade: [],
    linesShown: [],
    avoidWords: [],
  };
  const controller = new AbortController();
  const started = performance.now();
  for await (const piece of storyteller.tell(request, controller.signal)) {
    if (piece.kind === 'line') {
      const at = performance.now() - started;
      controller.abort();
      return at;
    }
  }
  throw new Error('the storyteller wrote no line');
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function report(name: string, alone: number[], through: Timing[], cold?: Timing) {
  const aloneMedian = median(alone);
  const firstLine = median(through.map((t) => t.firstLine));
  const navigation = median(through.map((t) => t.navigationReady));
  const overhead = firstLine - aloneMedian;
  console.log(name);
  console.log(`  storyteller alone, first line:        ${ms(aloneMedian)} (median of ${alone.length})`);
  console.log(`  through the server, first line:       ${ms(firstLine)} (median of ${through.length}), ratio ${(firstLine / aloneMedian).toFixed(2)}× the storyteller alone`);
  console.log(`  through the server, navigation-ready: ${ms(navigation)} (median)`);
  if (cold) console.log(`  first run, background drawn cold:     first line ${ms(cold.firstLine)}, navigation-ready ${ms(cold.navigationReady)}`);
  const share = `${((overhead / firstLine) * 100).toFixed(1)}% of the total`;
  console.log(
    aloneMedian < 1
      ? `  server overhead on the first line:    ${ms(overhead)} at the median (target < 50 ms; the story is written already, so all of the wait is the server's)`
      : `  server overhead on the first line:    ${ms(overhead)} at the median = ${share} (target < 50 ms, < 5%)`,
  );
}

const outside = await startOutside();
const createThroughServer = (server: Awaited<ReturnType<typeof startStoryBenchServer>>, token: string, message: CreateMessage) =>
  outside.create({ ws: server.ws, http: server.http, token, message });

// The library: a story already written, so everything but the storyteller's microseconds is the server's.
{
  const server = await startStoryBenchServer({ LIBRARY_LINE_DELAY_MS: '300' });
  const storyteller = createLibraryStoryteller({ lineDelayMs: 300 });
  const create: CreateMessage = { type: 'create_story', theme: 'slice_of_life', language: 'ja', language_level: 'N5' };
  const tokens = await server.readers(LIBRARY_RUNS + 1);
  const cold = await createThroughServer(server, tokens[0]!, create);
  const alone: number[] = [];
  const timings: Timing[] = [];
  for (let run = 1; run <= LIBRARY_RUNS; run++) {
    alone.push(await firstLineAlone(storyteller, create));
    timings.push(await createThroughServer(server, tokens[run]!, create));
  }
  report(`library storyteller, Japanese N5 (${LIBRARY_RUNS} stories; the scene's picture cached after the first):`, alone, timings, cold);
  await server.close();
}

// A model streaming at a fixed rate, with a new place every run, so every background is drawn cold.
{
  const modelUrl = await outside.modelUrl();
  const server = await startStoryBenchServer({ LLM_BASE_URL: modelUrl, LLM_MODEL: 'bench-model' });
  const storyteller = createOpenAiStoryteller(createLlmClient({ baseUrl: modelUrl, apiKey: '', model: 'bench-model' }));
  const create: CreateMessage = { type: 'create_story', theme: 'mystery', language: 'en', language_level: 'A2' };
  const tokens = await server.readers(MODEL_RUNS);
  const places = ['a small cafe near the station', 'the school library', 'a park by the river', 'a quiet beach', 'an old shrine', 'a train station', 'a bedroom at home', 'a summer festival'];
  const alone: number[] = [];
  const timings: Timing[] = [];
  for (let run = 0; run < MODEL_RUNS; run++) {
    await outside.script([{ content: modelScene(places[run % places.length]!, 'evening'), ...TOKEN_CHUNK }]);
    alone.push(await firstLineAlone(storyteller, create));
    await outside.script([{ content: modelScene(places[run % places.length]!, 'night'), ...TOKEN_CHUNK }]);
    timings.push(await createThroughServer(server, tokens[run]!, create));
  }
  report(`fake model at ~100 tokens/s, English A2 (${MODEL_RUNS} stories, each in a place not drawn before):`, alone, timings);
  await server.close();
}
await outside.stop();

/** A scene in the order the prompt asks for: the place, the title and cast, then the lines. */
function modelScene(location: string, time_of_day: string): string {
  return JSON.stringify({
    setting: { location, time_of_day, weather: 'rain', atmosphere: 'cosy' },
    title: 'The Red Umbrella',
    characters: [
      {
        key: 'amy',
        name: 'Amy',
        appearance: {
          hair_style: 'bob', hair_color: '#2b1b17', eye_color: '#3a5a7a', skin_tone: '#f1c9a5', outfit: 'sweater',
          outfit_color: '#aa3344', accessories: ['glasses'], age: 'teen', gender_presentation: 'feminine',
        },
      },
      { key: 'ben', name: 'Ben' },
    ],
    dialogue: [
      { speaker: 'narrator', emotion: 'neutral', text: 'It is raining. Amy is waiting for her friend.' },
      { speaker: 'amy', emotion: 'surprised', text: 'Look! A red umbrella. Is it yours, Ben?' },
      { speaker: 'ben', emotion: 'thinking', text: 'No, it is not my umbrella.' },
      { speaker: 'amy', emotion: 'curious', text: 'Then whose umbrella is it?' },
      { speaker: 'ben', emotion: 'happy', text: 'Maybe the old man by the window has it.' },
      { speaker: 'amy', emotion: 'excited', text: 'Let us ask him!' },
    ],
    choices: [
      { text: 'Ask the old man about the umbrella.', language_note: '"Ask about" + a thing: the topic of a question.' },
      { text: 'Go home.', language_note: '"Go home" needs no "to".' },
    ],
    is_ending: false,
    summary: 'Amy finds a red umbrella.',
  });
}
