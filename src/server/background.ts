import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone (mail sent off the request path), tracked so that shutdown and
 * tests can wait for it. A failure is logged, never thrown at a request that has already been answered.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    run(what: string, work: () => Promise<void>): void {
      const task = work()
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
