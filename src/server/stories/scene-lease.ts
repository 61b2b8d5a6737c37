import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { scenes } from '../db/schema';

/**
 * A scene is written by one process at a time: the one holding its lease. The writer renews the lease while it
 * works; when a process dies its lease runs out and another takes the scene over, continuing from the lines
 * already stored.
 */
export interface SceneLease {
  sceneId: string;
  writer: string;
}

/**
 * Takes a scene that is still being written and has no live writer. `takeOver` also takes it from any other
 * writer: with one process (PGlite), a writer that is not this one is a process that has stopped.
 */
export async function claimScene(db: Database, sceneId: string, writer: string, leaseMs: number, takeOver = false): Promise<boolean> {
  const free = or(isNull(scenes.writer), lt(scenes.leaseUntil, sql`now()`), eq(scenes.writer, writer), takeOver ? ne(scenes.writer, writer) : undefined);
  const claimed = await db
    .update(scenes)
    .set({ writer, leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(eq(scenes.id, sceneId), eq(scenes.status, 'generating'), free))
    .returning({ id: scenes.id });
  return claimed.length === 1;
}

/** Renews the lease; false when another writer has it now (this one must stop). */
async function renewLease(db: Database, lease: SceneLease, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(scenes)
    .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(eq(scenes.id, lease.sceneId), eq(scenes.writer, lease.writer)))
    .returning({ id: scenes.id });
  return renewed.length === 1;
}

/** Gives the scene back at once (a stopping process), so the next writer need not wait for the lease to run out. */
export async function releaseScene(db: Database, lease: SceneLease): Promise<void> {
  await db
    .update(scenes)
    .set({ writer: null, leaseUntil: null })
    .where(and(eq(scenes.id, lease.sceneId), eq(scenes.writer, lease.writer)));
}

/** Keeps a lease alive while `work` runs; aborts `lost` when another writer has taken the scene. */
export function holdLease(db: Database, lease: SceneLease, leaseMs: number, lost: AbortController): () => void {
  const timer = setInterval(() => {
    renewLease(db, lease, leaseMs).then(
      (held) => held || lost.abort(),
      // A database that does not answer now may answer at the next renewal; the fence stops a replaced writer anyway.
      () => undefined,
    );
  }, Math.max(100, Math.floor(leaseMs / 3)));
  timer.unref();
  return () => clearInterval(timer);
}
