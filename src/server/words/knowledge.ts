import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Language } from '../../shared/language';
import { NEW_WORD, type WordChange, type WordState } from '../../shared/words';
import type { Database, Transaction } from '../db/client';
import { users, wordChangeItems, wordChanges, wordKnowledge } from '../db/schema';
import { HttpError } from '../http/errors';

type Executor = Database | Transaction;
type Row = typeof wordKnowledge.$inferSelect;

/** Rows per statement: PostgreSQL takes at most 65,535 parameters in one. */
const CHUNK = 1_000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const stateOf = (row: Pick<Row, 'status' | 'stage'> | undefined): WordState => (row ? { status: row.status, stage: row.stage } : NEW_WORD);
const sameState = (a: WordState, b: WordState) => a.status === b.status && a.stage === b.stage;

/** Where a word was first met: kept on its row the first time it is seen. */
export interface Sighting {
  storyId: string;
  sceneId: string;
}

/** A status change asked for: the state a word should take, unless `accept` refuses its current row. */
export interface Wanted {
  key: string;
  state: WordState;
}

/** Sets the status and stage of words, creating their rows as needed. */
async function writeStates(tx: Transaction, userId: string, language: Language, states: ReadonlyMap<string, WordState>) {
  for (const part of chunks([...states])) {
    await tx
      .insert(wordKnowledge)
      .values(part.map(([key, state]) => ({ userId, language, key, status: state.status, stage: state.stage })))
      .onConflictDoUpdate({
        target: [wordKnowledge.userId, wordKnowledge.language, wordKnowledge.key],
        set: { status: sql`excluded.status`, stage: sql`excluded.stage`, updatedAt: sql`now()` },
      });
  }
}

/**
 * The learner's knowledge of words (Learner memory 1): statuses per learner, language and word key, and
 * every change made at once kept with the states before it, so it can be undone.
 */
export function createWordKnowledge(db: Database) {
  async function rowsOf(tx: Executor, userId: string, language: Language, keys: readonly string[]): Promise<Map<string, Row>> {
    const found = new Map<string, Row>();
    for (const part of chunks([...new Set(keys)])) {
      const rows = await tx
        .select()
        .from(wordKnowledge)
        .where(and(eq(wordKnowledge.userId, userId), eq(wordKnowledge.language, language), inArray(wordKnowledge.key, part)));
      for (const row of rows) found.set(row.key, row);
    }
    return found;
  }

  /** The states of `keys` the learner has one for; a key left out is new. One indexed query. */
  async function statuses(userId: string, language: Language, keys: readonly string[]): Promise<Record<string, WordState>> {
    if (keys.length === 0) return {};
    const rows = await db
      .select({ key: wordKnowledge.key, status: wordKnowledge.status, stage: wordKnowledge.stage })
      .from(wordKnowledge)
      .where(and(eq(wordKnowledge.userId, userId), eq(wordKnowledge.language, language), inArray(wordKnowledge.key, [...new Set(keys)])));
    return Object.fromEntries(rows.map((row) => [row.key, stateOf(row)]));
  }

  /**
   * Moves words to the states wanted, as one change that can be undone. Words already in that state, or whose
   * current row `accept` refuses, are left alone; so applying the same change twice changes nothing.
   */
  async function apply(
    tx: Transaction,
    userId: string,
    language: Language,
    kind: WordChange['kind'],
    wanted: readonly Wanted[],
    accept: (current: Row | undefined, wanted: WordState) => boolean = () => true,
  ): Promise<{ change: WordChange | null; changed: Map<string, WordState> }> {
    const current = await rowsOf(tx, userId, language, wanted.map((w) => w.key));
    const items = new Map<string, { before: WordState; after: WordState }>();
    for (const { key, state } of wanted) {
      const row = current.get(key);
      if (items.has(key) || !accept(row, state) || sameState(stateOf(row), state)) continue;
      items.set(key, { before: stateOf(row), after: state });
    }
    const changed = new Map([...items].map(([key, item]) => [key, item.after]));
    if (items.size === 0) return { change: null, changed };
    const [change] = await tx.insert(wordChanges).values({ userId, language, kind, count: items.size }).returning({ id: wordChanges.id });
    const list = [...items];
    for (const part of chunks(list)) {
      await tx.insert(wordChangeItems).values(
        part.map(([key, { before, after }]) => ({
          changeId: change!.id,
          key,
          beforeStatus: before.status,
          beforeStage: before.stage,
          afterStatus: after.status,
          afterStage: after.stage,
        })),
      );
    }
    await writeStates(tx, userId, language, changed);
    return { change: { id: change!.id, kind, count: items.size }, changed };
  }

  /** One word marked from its popup (Known, Learning 1–4, Ignore, or back to new). */
  async function mark(userId: string, language: Language, key: string, state: WordState, where?: { storyId: string }) {
    return db.transaction(async (tx) => {
      const result = await apply(tx, userId, language, 'mark', [{ key, state }]);
      if (where) {
        await tx
          .update(wordKnowledge)
          .set({ firstStoryId: sql`coalesce(${wordKnowledge.firstStoryId}, ${where.storyId}::uuid)`, firstSeenAt: sql`coalesce(${wordKnowledge.firstSeenAt}, now())` })
          .where(and(eq(wordKnowledge.userId, userId), eq(wordKnowledge.language, language), eq(wordKnowledge.key, key)));
      }
      return { state, change: result.change };
    });
  }

  /**
   * Puts back the states a change replaced. A word changed again since then keeps its newer state: undo
   * takes back this change, not the learner's later ones.
   */
  async function undoIn(tx: Transaction, userId: string, changeId: string): Promise<{ restored: number; words: Record<string, WordState> }> {
    const [change] = await tx
      .update(wordChanges)
      .set({ undoneAt: sql`now()` })
      .where(and(eq(wordChanges.id, changeId), eq(wordChanges.userId, userId), isNull(wordChanges.undoneAt)))
      .returning();
    if (!change) {
      const [exists] = await tx.select({ id: wordChanges.id }).from(wordChanges).where(and(eq(wordChanges.id, changeId), eq(wordChanges.userId, userId)));
      throw exists ? new HttpError(409, 'This change was already undone') : new HttpError(404, 'Change not found');
    }
    const items = await tx.select().from(wordChangeItems).where(eq(wordChangeItems.changeId, changeId));
    const current = await rowsOf(tx, userId, change.language, items.map((item) => item.key));
    const words = new Map<string, WordState>();
    for (const item of items) {
      if (!sameState(stateOf(current.get(item.key)), { status: item.afterStatus, stage: item.afterStage })) continue;
      words.set(item.key, { status: item.beforeStatus, stage: item.beforeStage });
    }
    await writeStates(tx, userId, change.language, words);
    return { restored: words.size, words: Object.fromEntries(words) };
  }

  const undo = (userId: string, changeId: string) => db.transaction((tx) => undoIn(tx, userId, changeId));

  /** A popup opened on a word: a word looked up is never taken as known just for having been seen. */
  async function lookedUp(userId: string, language: Language, key: string): Promise<void> {
    await db
      .insert(wordKnowledge)
      .values({ userId, language, key, lookupCount: 1 })
      .onConflictDoUpdate({
        target: [wordKnowledge.userId, wordKnowledge.language, wordKnowledge.key],
        set: { lookupCount: sql`${wordKnowledge.lookupCount} + 1`, updatedAt: sql`now()` },
      });
  }

  /**
   * A finished scene's words, counted as seen (`counts`: occurrences per key). With `markKnown`, the ones still
   * new and never looked up become known, as one change.
   */
  async function sceneSeen(tx: Transaction, userId: string, language: Language, counts: Map<string, number>, where: Sighting, markKnown: boolean) {
    const list = [...counts];
    for (const part of chunks(list)) {
      await tx
        .insert(wordKnowledge)
        .values(
          part.map(([key, seen]) => ({ userId, language, key, seenCount: seen, firstSeenAt: sql`now()`, firstStoryId: where.storyId, firstSceneId: where.sceneId })),
        )
        .onConflictDoUpdate({
          target: [wordKnowledge.userId, wordKnowledge.language, wordKnowledge.key],
          set: {
            seenCount: sql`${wordKnowledge.seenCount} + excluded.seen_count`,
            firstSeenAt: sql`coalesce(${wordKnowledge.firstSeenAt}, excluded.first_seen_at)`,
            firstStoryId: sql`coalesce(${wordKnowledge.firstStoryId}, excluded.first_story_id)`,
            firstSceneId: sql`coalesce(${wordKnowledge.firstSceneId}, excluded.first_scene_id)`,
          },
        });
    }
    if (!markKnown) return { change: null, changed: new Map<string, WordState>() };
    const known: WordState = { status: 'known', stage: 0 };
    return apply(
      tx,
      userId,
      language,
      'scene',
      list.map(([key]) => ({ key, state: known })),
      (row) => !row || (row.status === 'new' && row.lookupCount === 0),
    );
  }

  async function summary(userId: string) {
    const rows = await db
      .select({ language: wordKnowledge.language, status: wordKnowledge.status, count: sql<number>`count(*)::int` })
      .from(wordKnowledge)
      .where(eq(wordKnowledge.userId, userId))
      .groupBy(wordKnowledge.language, wordKnowledge.status);
    const languages = (['ja', 'en'] as const).map((language) => {
      const count = (status: Row['status']) => rows.find((r) => r.language === language && r.status === status)?.count ?? 0;
      return { language, known: count('known'), learning: count('learning'), ignored: count('ignored') };
    });
    return { languages };
  }

  async function onboarded(userId: string) {
    await db.update(users).set({ wordsOnboardedAt: sql`coalesce(${users.wordsOnboardedAt}, now())` }).where(eq(users.id, userId));
  }

  /** The keys the learner counts as known (known or ignored: nothing left to learn). */
  async function knownKeys(userId: string, language: Language): Promise<Set<string>> {
    const rows = await db
      .select({ key: wordKnowledge.key })
      .from(wordKnowledge)
      .where(and(eq(wordKnowledge.userId, userId), eq(wordKnowledge.language, language), inArray(wordKnowledge.status, ['known', 'ignored'])));
    return new Set(rows.map((row) => row.key));
  }

  return { statuses, apply, mark, undo, undoIn, lookedUp, sceneSeen, summary, onboarded, knownKeys, rowsOf };
}

export type WordKnowledge = ReturnType<typeof createWordKnowledge>;
