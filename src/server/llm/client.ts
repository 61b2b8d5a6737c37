import OpenAI from 'openai';

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** A streamed answer that sends nothing for this long is given up (default 30 s). */
  idleTimeoutMs?: number;
  /** A streamed answer not finished this long after it was asked for is given up (default 180 s). */
  deadlineMs?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
const DEFAULT_DEADLINE_MS = 180_000;

/** A streamed answer given up because the model went quiet (`idle`) or took too long overall (`deadline`). */
export class LlmTimeoutError extends Error {
  constructor(
    readonly kind: 'idle' | 'deadline',
    readonly afterMs: number,
  ) {
    super(kind === 'idle' ? `The model sent nothing for ${afterMs} ms.` : `The model did not finish within ${afterMs} ms.`);
    this.name = 'LlmTimeoutError';
  }
}

/**
 * An OpenAI-compatible chat model (OpenAI, a local llama.cpp or vLLM server, …) through the
 * official SDK, so any server speaking that wire protocol works.
 */
export function createLlmClient(settings: LlmSettings) {
  const client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey || 'not-needed', maxRetries: 0 });
  const limits = { idleMs: settings.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, deadlineMs: settings.deadlineMs ?? DEFAULT_DEADLINE_MS };
  return {
    model: settings.model,
    async complete(messages: ChatMessage[], options: { timeoutMs: number; maxTokens: number }): Promise<string> {
      const response = await client.chat.completions.create(
        { model: settings.model, messages, max_tokens: options.maxTokens, temperature: 0.3 },
        { timeout: options.timeoutMs },
      );
      return response.choices[0]?.message?.content ?? '';
    },
    /**
     * The answer as it is written, chunk by chunk (server-sent events under the hood). Throws
     * LlmTimeoutError when the model goes quiet or runs past the deadline; the caller's abort
     * surfaces as OpenAI.APIUserAbortError. Stopping the iteration early closes the HTTP stream.
     */
    async *stream(messages: ChatMessage[], options: { signal: AbortSignal; maxTokens: number }): AsyncGenerator<string, void, undefined> {
      const watch = watchStream(options.signal, limits);
      try {
        const stream = await client.chat.completions.create(
          { model: settings.model, messages, max_tokens: options.maxTokens, temperature: 0.8, stream: true },
          { signal: watch.signal },
        );
        for await (const chunk of stream) {
          // The idle clock measures the model only: it stands still while the caller works on a chunk.
          watch.heard();
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
          watch.listen();
        }
        // The SDK ends an aborted stream quietly, as if the answer were complete; it was not.
        watch.throwIfStopped();
      } catch (err) {
        // Our own abort makes the SDK throw a generic abort error; the reason is the timeout.
        throw watch.timeout() ?? err;
      } finally {
        watch.stop();
      }
    },
  };
}

export type LlmClient = ReturnType<typeof createLlmClient>;

/**
 * The idle and overall clocks of one streamed answer, and the signal that aborts its request when
 * either runs out or the caller aborts. `stop` clears everything, so no timer outlives the answer.
 */
function watchStream(callerSignal: AbortSignal, limits: { idleMs: number; deadlineMs: number }) {
  const controller = new AbortController();
  let timeout: LlmTimeoutError | undefined;
  const giveUp = (kind: LlmTimeoutError['kind'], afterMs: number) => {
    if (controller.signal.aborted) return; // the caller's abort came first and stays an abort
    timeout = new LlmTimeoutError(kind, afterMs);
    controller.abort(timeout);
  };
  const onCallerAbort = () => controller.abort(callerSignal.reason);
  if (callerSignal.aborted) onCallerAbort();
  else callerSignal.addEventListener('abort', onCallerAbort, { once: true });

  const deadline = setTimeout(() => giveUp('deadline', limits.deadlineMs), limits.deadlineMs);
  let idle: ReturnType<typeof setTimeout> | undefined;
  const listen = () => {
    clearTimeout(idle);
    idle = setTimeout(() => giveUp('idle', limits.idleMs), limits.idleMs);
  };
  // Waiting for the connection and the first chunk counts as silence too.
  listen();

  return {
    signal: controller.signal,
    listen,
    heard: () => clearTimeout(idle),
    timeout: () => timeout,
    throwIfStopped() {
      if (timeout) throw timeout;
      if (callerSignal.aborted) throw new OpenAI.APIUserAbortError();
    },
    stop() {
      clearTimeout(deadline);
      clearTimeout(idle);
      callerSignal.removeEventListener('abort', onCallerAbort);
      // Also ends the request when the caller stopped reading early or something threw mid-stream.
      controller.abort();
    },
  };
}
