import OpenAI from 'openai';

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * An OpenAI-compatible chat model (OpenAI, a local llama.cpp or vLLM server, …) through the
 * official SDK, so any server speaking that wire protocol works.
 */
export function createLlmClient(settings: LlmSettings) {
  const client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey || 'not-needed', maxRetries: 0 });
  return {
    model: settings.model,
    async complete(messages: ChatMessage[], options: { timeoutMs: number; maxTokens: number }): Promise<string> {
      const response = await client.chat.completions.create(
        { model: settings.model, messages, max_tokens: options.maxTokens, temperature: 0.3 },
        { timeout: options.timeoutMs },
      );
      return response.choices[0]?.message?.content ?? '';
    },
    /** The answer as it is written, chunk by chunk (server-sent events under the hood). */
    async *stream(messages: ChatMessage[], options: { signal: AbortSignal; maxTokens: number; timeoutMs: number }): AsyncIterable<string> {
      const stream = await client.chat.completions.create(
        { model: settings.model, messages, max_tokens: options.maxTokens, temperature: 0.8, stream: true },
        { signal: options.signal, timeout: options.timeoutMs },
      );
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}

export type LlmClient = ReturnType<typeof createLlmClient>;
