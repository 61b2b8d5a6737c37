import { Worker } from 'node:worker_threads';
import type { StreamScript } from '../../server/support/fake-openai';

export type CreateMessage = { type: 'create_story'; theme: string; language: 'ja' | 'en'; language_level: string };

export interface Timing {
  firstLine: number;
  /** Story id, metadata, first line and the background picture downloaded: when the reader opens. */
  navigationReady: number;
}

export interface OutsideCalls {
  modelUrl(): Promise<string>;
  script(answers: StreamScript[]): Promise<void>;
  create(args: { ws: string; http: string; token: string; message: CreateMessage }): Promise<Timing>;
  read(args: { ws: string; tokens: string[]; messages: CreateMessage[]; scenes: number }): Promise<{ receipts: [string, number][]; errors: string[]; readers: { firstLine: number; finished: number }[] }>;
  close(): Promise<void>;
}

/** Starts outside-worker.ts (a fake model and readers) on its own thread and calls it like an object. */
export async function startOutside(): Promise<OutsideCalls & { stop(): Promise<void> }> {
  const file = new URL('./outside-worker.ts', import.meta.url).href;
  // Workers do not inherit tsx's loader; the worker registers it before loading the TypeScript file.
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`, { eval: true });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  let next = 0;
  const started = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
    worker.once('error', reject);
  });
  worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const caller = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) caller?.reject(new Error(error));
    else caller?.resolve(result);
  });
  await started;
  const call =
    (name: keyof OutsideCalls) =>
    (args?: unknown): Promise<never> =>
      new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ id, call: name, args });
      });
  return {
    modelUrl: call('modelUrl'),
    script: call('script'),
    create: call('create'),
    read: call('read'),
    close: call('close'),
    async stop() {
      await call('close')();
      await worker.terminate();
    },
  };
}
