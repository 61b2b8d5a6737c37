import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import { scenes } from '../db/schema';
import { writeScene, type GenerationDeps, type StopReason } from './generation';
import { claimScene, holdLease, releaseScene, type SceneLease } from './scene-lease';

/** Told to a reader whose scene stopped because it could not be stored (the database went away). */
export const SCENE_INTERRUPTED = 'The story could not be saved just now. Reopen it in a moment to continue.';

export interface SceneRunnerOptions {
  /** How long a writer's lease lasts without renewal: how soon a dead process's scene is taken over. */
  leaseMs: number;
}

/** Who writes the scenes: this process alone (PGlite), or any process of a cluster (PostgreSQL with pg-boss). */
export interface SceneRunner {
  /** Has a scene written: a new one, or one whose writer has gone. */
  write(scene: SceneRef): Promise<void>;
  /** Whether this process is writing a scene of the story. */
  isWriting(storyId: string): boolean;
  /** Stops this process's scene of a story (the story is being removed). */
  stopStory(storyId: string): Promise<void>;
  /** Takes no more scenes and stops the ones being written, as this runner does on shutdown. */
  stop(): Promise<void>;
  /** Waits for this process's scenes (tests). */
  idle(): Promise<void>;
}

export type SceneRef = { id: string; storyId: string; generationId: string | null };
type Running = Map<string, { scene: SceneRef; done: Promise<unknown>; stop: AbortController }>;

/**
 * Writes one scene under its lease in this process: claims it, renews the lease while writing, and says so
 * when the database fails under it. Resolves with how the writer left the scene.
 */
function runScene(deps: GenerationDeps, running: Running, scene: SceneRef, lease: SceneLease, leaseMs: number) {
  const stop = new AbortController();
  const lost = new AbortController();
  lost.signal.addEventListener('abort', () => stop.abort('lease-lost' satisfies StopReason), { once: true });
  const release = holdLease(deps.db, lease, leaseMs, lost);
  const outcome = writeScene(deps, lease, stop.signal)
    .catch((err: unknown) => {
      // Nothing could be stored; the reader hears it now, and the scene (still `generating`) is continued once
      // a writer can reach the database again.
      deps.log.error({ err, storyId: scene.storyId }, 'scene generation crashed');
      deps.bus.publish(scene.storyId, {
        type: 'streaming_error',
        event_id: 0,
        story_id: scene.storyId,
        scene_id: scene.id,
        ...(scene.generationId ? { generation_id: scene.generationId } : {}),
        data: { type: 'GenerationFailed', message: SCENE_INTERRUPTED },
      });
      return 'crashed' as const;
    })
    .finally(() => {
      release();
      running.delete(scene.id);
    });
  running.set(scene.id, { scene, done: outcome, stop });
  return outcome;
}

/**
 * Claims a scene and starts writing it here, unless this process already writes it. Two asks for one scene can
 * come at once (two readers reconnecting, a hand-over's second look), so the scene is marked as being claimed
 * before the first await.
 */
function writerHere(deps: GenerationDeps, running: Running, writer: string, leaseMs: number, takeOver = false) {
  const claiming = new Set<string>();
  return async (scene: SceneRef): Promise<void> => {
    if (running.has(scene.id) || claiming.has(scene.id)) return;
    claiming.add(scene.id);
    try {
      if (await claimScene(deps.db, scene.id, writer, leaseMs, takeOver)) void runScene(deps, running, scene, { sceneId: scene.id, writer }, leaseMs);
    } finally {
      claiming.delete(scene.id);
    }
  };
}

function writerId() {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

function runningApi(running: Running) {
  return {
    isWriting: (storyId: string) => [...running.values()].some((r) => r.scene.storyId === storyId),
    async stopStory(storyId: string) {
      const mine = [...running.values()].filter((r) => r.scene.storyId === storyId);
      for (const r of mine) r.stop.abort('stopping' satisfies StopReason);
      await Promise.all(mine.map((r) => r.done));
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}

/**
 * One process (PGlite): a scene is written here at once. A scene some earlier run of the process left half-written
 * is taken over when its reader comes back (no other process can hold it).
 */
export function createLocalSceneRunner(deps: GenerationDeps, options: SceneRunnerOptions): SceneRunner {
  const running: Running = new Map();
  const writer = writerId();
  return {
    ...runningApi(running),
    write: writerHere(deps, running, writer, options.leaseMs, true),
    async stop() {
      for (const r of running.values()) r.stop.abort('stopping' satisfies StopReason);
    },
  };
}

const QUEUE = 'scene-write';
const sceneJobData = z.object({ sceneId: z.uuid(), storyId: z.uuid(), generationId: z.string().max(100).nullable() });
type SceneJobData = z.infer<typeof sceneJobData>;

/**
 * A cluster on PostgreSQL: a scene is a durable pg-boss job that any process may take. The job asks "make sure
 * this scene is being written": the process that takes it claims the scene's lease and writes, or, when a live
 * writer holds it, looks again after a lease. Each scene being written keeps one such job waiting, so when a
 * process dies (its lease runs out) the next look finds the scene free and another process continues it from
 * the lines already stored. A stopping process hands its scenes back at once.
 */
export async function createClusterSceneRunner(deps: GenerationDeps, options: SceneRunnerOptions & { url: string }): Promise<SceneRunner> {
  const running: Running = new Map();
  const writer = writerId();
  const leaseSeconds = Math.max(1, Math.ceil(options.leaseMs / 1000));
  const boss = new PgBoss({
    connectionString: options.url,
    max: 4,
    schedule: false,
    // Jobs only hand a scene to a writer, so one that is still active after this long belongs to a dead process.
    expireInSeconds: 30,
    retryLimit: 5,
    retryDelay: 1,
    deleteAfterSeconds: 3600,
    maintenanceIntervalSeconds: 30,
  });
  boss.on('error', (err) => deps.log.error({ err }, 'scene queue error'));
  await boss.start();
  await boss.createQueue(QUEUE);
  let stopping = false;

  const lookAgainLater = (data: SceneJobData) => boss.send(QUEUE, data, { startAfter: leaseSeconds });

  const claimHere = writerHere(deps, running, writer, options.leaseMs);

  async function handle(raw: unknown) {
    if (stopping) throw new Error('this process is stopping; another takes the scene');
    // Jobs are rows anyone with the database can write: read like any input.
    const data = sceneJobData.parse(raw);
    const [scene] = await deps.db.select({ status: scenes.status }).from(scenes).where(eq(scenes.id, data.sceneId));
    if (scene?.status !== 'generating') return;
    await claimHere({ id: data.sceneId, storyId: data.storyId, generationId: data.generationId });
    await lookAgainLater(data);
  }

  const workerId = await boss.work<SceneJobData>(QUEUE, { batchSize: 20, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    await Promise.all(jobs.map((job) => handle(job.data)));
  });

  return {
    ...runningApi(running),
    async write(scene) {
      if (running.has(scene.id) || stopping) return;
      const [row] = await deps.db
        .select({ writer: scenes.writer, expired: sql<boolean>`coalesce(${scenes.leaseUntil} < now(), true)` })
        .from(scenes)
        .where(and(eq(scenes.id, scene.id), eq(scenes.status, 'generating')));
      if (!row) return;
      // This process's own writer stopped (the database went away under it): it continues here at once.
      if (row.writer === writer) return claimHere(scene);
      // A live writer elsewhere has it, and its job looks after it.
      if (row.writer && !row.expired) return;
      await boss.send(QUEUE, { sceneId: scene.id, storyId: scene.storyId, generationId: scene.generationId });
      // The queue is polled; this process looks at once, so a reader here waits for no poll.
      boss.notifyWorker(workerId);
    },
    async stop() {
      stopping = true;
      await boss.offWork(QUEUE);
      const handing = [...running.values()];
      for (const r of handing) r.stop.abort('hand-over' satisfies StopReason);
      await Promise.all(
        handing.map(async ({ scene, done }) => {
          if ((await done) !== 'handed-over') return;
          // Given back at once and queued again: another process continues the scene without waiting for the lease.
          await releaseScene(deps.db, { sceneId: scene.id, writer });
          await boss.send(QUEUE, { sceneId: scene.id, storyId: scene.storyId, generationId: scene.generationId });
        }),
      );
      await boss.stop({ graceful: true, timeout: 2_000, close: true });
    },
  };
}
