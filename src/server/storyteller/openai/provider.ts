import OpenAI from 'openai';
import { z } from 'zod';
import { settingInput } from '../../../shared/art';
import { cleanDeep } from '../../../shared/safe-text';
import { LlmTimeoutError, type LlmClient } from '../../llm/client';
import { StorytellerError, type CharacterPiece, type SceneRequest, type Storyteller, type StoryPiece } from '../types';
import { createJsonStream, JsonStreamError, type JsonStreamEvent } from './json-stream';
import { scenePrompt } from './prompt';
import { splitLongLine } from './split-line';

/** A scene is a few hundred tokens; the cap stops a model that never stops. */
const MAX_TOKENS = 4000;

const text = (max: number) => z.string().trim().min(1).max(max);
const characterSchema = z.object({ key: z.string().trim().max(40).optional(), name: text(40), appearance: z.unknown().optional() });
// A long line is kept and shown in parts (splitLongLine); only a runaway one is refused.
const lineSchema = z.object({ speaker: z.string().trim().max(40).default('narrator'), emotion: z.string().max(40).default('neutral'), text: text(4000) });
const choiceSchema = z.object({ text: text(200), language_note: z.string().trim().max(400).default('') });

const keyOf = (name: string) => name.toLowerCase().normalize('NFKC').replace(/\s+/g, '-').slice(0, 40) || 'someone';

/**
 * Any OpenAI-compatible chat model, streamed. The answer is one JSON object read as it arrives:
 * the setting first, so its picture draws while the rest streams; each dialogue line the moment it is
 * complete (lines wait until the setting is known), a long one as several;
 * a malformed line is dropped (repair) and a broken, cut or stalled answer fails the attempt, which
 * the pipeline retries from the lines already shown. Reading stops at the object's closing brace.
 */
export function createOpenAiStoryteller(llm: LlmClient): Storyteller {
  async function* tell(request: SceneRequest, signal: AbortSignal): AsyncIterable<StoryPiece> {
    const parser = createJsonStream();
    let settingSent = false;
    let charactersSent = false;
    const waitingLines: StoryPiece[] = [];
    let choices: StoryPiece | undefined;
    let ending: { is: boolean; title: string } = { is: false, title: '' };
    let summary: StoryPiece | undefined;

    function* handle(raw: JsonStreamEvent): Generator<StoryPiece> {
      // NUL and lone surrogates parse as JSON but cannot be stored (jsonb refuses NUL) or shown.
      const event = { ...raw, value: cleanDeep(raw.value) };
      if (event.kind === 'member' && event.key === 'title' && request.sceneNumber === 1) {
        const title = text(80).safeParse(event.value);
        if (title.success) yield { kind: 'story', title: title.data };
      } else if (event.kind === 'member' && event.key === 'characters' && !charactersSent) {
        const list = z.array(z.unknown()).safeParse(event.value);
        const characters: CharacterPiece[] = [];
        for (const item of list.success ? list.data : []) {
          const c = characterSchema.safeParse(item);
          if (c.success) characters.push({ key: c.data.key ? keyOf(c.data.key) : keyOf(c.data.name), name: c.data.name, appearance: c.data.appearance });
        }
        charactersSent = true;
        yield { kind: 'characters', characters };
      } else if (event.kind === 'member' && event.key === 'setting') {
        const setting = settingInput.safeParse(event.value);
        if (!setting.success) throw new StorytellerError('GenerationFailed', 'The model wrote a scene without a usable setting.');
        settingSent = true;
        yield { kind: 'setting', setting: setting.data };
        yield* waitingLines.splice(0);
      } else if (event.kind === 'element' && event.key === 'dialogue') {
        const line = lineSchema.safeParse(event.value);
        if (!line.success) return; // a malformed line is left out rather than shown half-made
        const speaker = keyOrNarrator(line.data.speaker, request);
        const pieces = splitLongLine(line.data.text).map((part): StoryPiece => ({ kind: 'line', speaker, emotion: line.data.emotion, text: part }));
        if (settingSent) yield* pieces;
        else waitingLines.push(...pieces);
      } else if (event.kind === 'member' && event.key === 'choices') {
        const list = z.array(z.unknown()).safeParse(event.value);
        const valid = (list.success ? list.data : []).map((c) => choiceSchema.safeParse(c)).filter((c) => c.success).map((c) => c.data);
        choices = { kind: 'choices', choices: valid.slice(0, 3).map((c, i) => ({ id: `c${i + 1}`, text: c.text, language_note: c.language_note })) };
      } else if (event.kind === 'member' && event.key === 'is_ending') {
        ending = { ...ending, is: event.value === true };
      } else if (event.kind === 'member' && event.key === 'ending_title' && typeof event.value === 'string') {
        ending = { ...ending, title: event.value.trim().slice(0, 80) };
      } else if (event.kind === 'member' && event.key === 'summary' && typeof event.value === 'string') {
        summary = { kind: 'summary', summary: event.value.trim().slice(0, 1500) };
      }
    }

    try {
      for await (const chunk of llm.stream(scenePrompt(request), { signal, maxTokens: MAX_TOKENS })) {
        for (const event of parser.push(chunk)) yield* handle(event);
        // Leaving the loop closes the HTTP stream: a model that never ends its answer cannot keep the reader waiting.
        if (parser.complete) break;
      }
    } catch (err) {
      if (err instanceof StorytellerError) throw err;
      if (err instanceof JsonStreamError) throw new StorytellerError('GenerationFailed', err.message);
      if (signal.aborted) throw err;
      if (err instanceof LlmTimeoutError) throw new StorytellerError('ProviderUnavailable', 'The story model stopped answering. Please try again in a moment.');
      if (err instanceof OpenAI.APIError && err.status !== undefined && err.status < 500 && err.status !== 429) {
        throw new StorytellerError('ProviderUnavailable', `The story model refused the request (${err.status}).`, false);
      }
      throw new StorytellerError('ProviderUnavailable', 'The story model is not answering. Please try again in a moment.');
    }
    if (!parser.complete) throw new StorytellerError('GenerationFailed', 'The model’s answer was cut off.');
    if (!settingSent) throw new StorytellerError('GenerationFailed', 'The model wrote a scene without a setting.');
    if (ending.is) yield { kind: 'ending', title: ending.title || 'The End' };
    else if (choices) yield choices;
    if (summary) yield summary;
  }

  return { name: 'openai-compatible', followsLevelFeedback: true, tell };
}

/** The speaker as a known character key when the model used a name, "narrator" for narration. */
function keyOrNarrator(speaker: string, request: SceneRequest): string {
  if (/^(narrator|narration|ナレーター|ナレーション|語り手)$/i.test(speaker)) return 'narrator';
  const known = request.characters.find((c) => c.key === speaker || c.name === speaker);
  return known?.key ?? keyOf(speaker);
}
