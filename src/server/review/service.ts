import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Language } from '../../shared/language';
import type { z } from 'zod';
import type { Grade, ReviewQueue, ReviewSettings, saveCardBody } from '../../shared/review';
import { NEW_WORD } from '../../shared/words';
import type { Database, Transaction } from '../db/client';
import { reviewCards, reviewLogs, scenes, stories, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { WordKnowledge } from '../words/knowledge';
import { cardView, fromFsrsCard, fromSnapshot, newCardColumns, RATINGS, scheduler, snapshot, toFsrsCard, type CardRow, type Snapshot } from './fsrs-card';
import { statusAfterReview } from './word-status';

/** Cards sent at once: the page shows one, and asks again after each grade. */
const QUEUE_HEAD = 10;
/** Like Anki's learn-ahead limit: with nothing else left, a learning step due this soon is shown now. */
const LEARN_AHEAD_MS = 20 * 60_000;

/** The start of the learner's day (local midnight in `timeZone`), as SQL. */
const dayStart = (timeZone: string) => sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;

/** Review with spaced repetition: saved cards, the day's queue within the learner's limits, grades and undo. */
export function createReview(db: Database, knowledge: WordKnowledge) {
  async function ownCard(tx: Database | Transaction, userId: string, cardId: string, lock = false): Promise<CardRow> {
    const query = tx.select().from(reviewCards).where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new HttpError(404, 'Card not found');
    return row;
  }

  /** Where the card comes from: the learner's own story, its title and scene number kept on the card. */
  async function source(userId: string, body: z.output<typeof saveCardBody>) {
    if (!body.story_id) return { storyId: null, sceneId: null, storyTitle: '', sceneNumber: null };
    const [story] = await db
      .select({ id: stories.id, title: stories.title })
      .from(stories)
      .where(and(eq(stories.id, body.story_id), eq(stories.userId, userId)));
    if (!story) throw new HttpError(404, 'Story not found');
    if (!body.scene_id) return { storyId: story.id, sceneId: null, storyTitle: story.title, sceneNumber: null };
    const [scene] = await db
      .select({ id: scenes.id, number: scenes.sceneNumber })
      .from(scenes)
      .where(and(eq(scenes.id, body.scene_id), eq(scenes.storyId, story.id)));
    if (!scene) throw new HttpError(404, 'Scene not found');
    return { storyId: story.id, sceneId: scene.id, storyTitle: story.title, sceneNumber: scene.number };
  }

  /**
   * Saves a word or pattern as a card; saving it again changes nothing. A saved word the learner had not
   * marked becomes learning 1: saving it says they are learning it.
   */
  async function save(userId: string, body: z.output<typeof saveCardBody>) {
    const from = await source(userId, body);
    return db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(reviewCards)
        .values({
          userId,
          language: body.language,
          kind: body.kind,
          key: body.key,
          word: body.word,
          reading: body.reading,
          meaning: body.meaning,
          sentence: body.sentence,
          start: body.start,
          length: body.length,
          grammarNote: body.grammar_note,
          ...from,
          ...newCardColumns(new Date()),
        })
        .onConflictDoNothing()
        .returning();
      const card =
        inserted ??
        (await tx
          .select()
          .from(reviewCards)
          .where(and(eq(reviewCards.userId, userId), eq(reviewCards.language, body.language), eq(reviewCards.kind, body.kind), eq(reviewCards.key, body.key))))[0]!;
      let word = null;
      if (body.kind === 'word') {
        const learning = { status: 'learning', stage: 1 } as const;
        const { changed } = await knowledge.apply(tx, userId, body.language, 'mark', [{ key: body.key, state: learning }], (row) => !row || row.status === 'new');
        const row = changed.has(body.key) ? undefined : (await knowledge.rowsOf(tx, userId, body.language, [body.key])).get(body.key);
        word = changed.get(body.key) ?? (row ? { status: row.status, stage: row.stage } : NEW_WORD);
      }
      return { card: cardView(card), created: !!inserted, word };
    });
  }

  async function savedKeys(userId: string, language: Language, keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await db
      .select({ key: reviewCards.key })
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.language, language), inArray(reviewCards.key, [...new Set(keys)])));
    return rows.map((row) => row.key);
  }

  async function settings(userId: string): Promise<ReviewSettings> {
    const [row] = await db.select({ newPerDay: users.reviewNewPerDay, reviewsPerDay: users.reviewReviewsPerDay }).from(users).where(eq(users.id, userId));
    if (!row) throw new HttpError(404, 'User not found');
    return { new_per_day: row.newPerDay, reviews_per_day: row.reviewsPerDay };
  }

  async function updateSettings(userId: string, next: ReviewSettings): Promise<ReviewSettings> {
    await db.update(users).set({ reviewNewPerDay: next.new_per_day, reviewReviewsPerDay: next.reviews_per_day }).where(eq(users.id, userId));
    return next;
  }

  /** What today's limits still allow: grades since local midnight, new cards introduced counted apart. */
  async function allowance(userId: string, timeZone: string) {
    const limits = await settings(userId);
    const [today] = await db
      .select({
        done: sql<number>`count(*)::int`,
        introduced: sql<number>`count(*) filter (where ${reviewLogs.stateBefore} = 0)::int`,
      })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, userId), sql`${reviewLogs.reviewedAt} >= ${dayStart(timeZone)}`));
    const done = today?.done ?? 0;
    const introduced = today?.introduced ?? 0;
    return {
      limits,
      done,
      newLeft: Math.max(0, limits.new_per_day - introduced),
      reviewsLeft: Math.max(0, limits.reviews_per_day - (done - introduced)),
    };
  }

  /** Cards due now (state ≠ new), earliest first; the partial index on (user, due) answers it. */
  const dueNow = (userId: string, until: Date, limit: number) =>
    db
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), ne(reviewCards.state, 0), lte(reviewCards.due, until)))
      .orderBy(asc(reviewCards.due))
      .limit(limit);

  const newCards = (userId: string, limit: number) =>
    db
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.state, 0)))
      .orderBy(asc(reviewCards.createdAt))
      .limit(limit);

  /** Counts rows of a capped subquery: a learner with 20,000 due cards costs no more than the cap. */
  async function countCapped(condition: ReturnType<typeof and>, cap: number): Promise<number> {
    if (cap <= 0) return 0;
    const capped = db.select({ one: sql`1` }).from(reviewCards).where(condition).limit(cap).as('capped');
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
    return row?.count ?? 0;
  }

  async function queue(userId: string, timeZone: string): Promise<ReviewQueue> {
    const now = new Date();
    const { limits, done, newLeft, reviewsLeft } = await allowance(userId, timeZone);
    const [due, fresh] = await Promise.all([
      countCapped(and(eq(reviewCards.userId, userId), ne(reviewCards.state, 0), lte(reviewCards.due, now)), reviewsLeft),
      countCapped(and(eq(reviewCards.userId, userId), eq(reviewCards.state, 0)), newLeft),
    ]);
    let cards = [...(await dueNow(userId, now, Math.min(due, QUEUE_HEAD))), ...(await newCards(userId, Math.min(fresh, QUEUE_HEAD)))];
    if (cards.length === 0 && reviewsLeft > 0) {
      // Nothing else today: a learning step due in a few minutes is worth doing now rather than waiting for.
      cards = (await dueNow(userId, new Date(now.getTime() + LEARN_AHEAD_MS), QUEUE_HEAD)).filter((card) => card.state === 1 || card.state === 3);
    }
    let nextDue: string | null = null;
    if (cards.length === 0) {
      const [next] = await db
        .select({ due: reviewCards.due })
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, userId), ne(reviewCards.state, 0)))
        .orderBy(asc(reviewCards.due))
        .limit(1);
      nextDue = next?.due.toISOString() ?? null;
    }
    return { cards: cards.map(cardView), due, new: fresh, done_today: done, next_due: nextDue, settings: limits };
  }

  /** The number shown in the top bar: what is left to do today. */
  async function dueCount(userId: string, timeZone: string): Promise<number> {
    const { newLeft, reviewsLeft } = await allowance(userId, timeZone);
    const now = new Date();
    const [due, fresh] = await Promise.all([
      countCapped(and(eq(reviewCards.userId, userId), ne(reviewCards.state, 0), lte(reviewCards.due, now)), reviewsLeft),
      countCapped(and(eq(reviewCards.userId, userId), eq(reviewCards.state, 0)), newLeft),
    ]);
    return due + fresh;
  }

  /**
   * Grades a card: ts-fsrs schedules it, the card before is kept for undo, and a word card moves its word's
   * status to match (learning stages as the interval grows; known from REVIEW_KNOWN_DAYS).
   */
  async function grade(userId: string, cardId: string, grade: Grade, now = new Date()) {
    return db.transaction(async (tx) => {
      const row = await ownCard(tx, userId, cardId, true);
      const { card: next } = scheduler.next(toFsrsCard(row), now, RATINGS[grade]);
      const columns = fromFsrsCard(next);
      const [updated] = await tx.update(reviewCards).set(columns).where(eq(reviewCards.id, row.id)).returning();
      let wordChange = null;
      let word = null;
      if (row.kind === 'word') {
        const wanted = statusAfterReview(columns);
        // An ignored word stays ignored: the learner said there is nothing to learn in it.
        const result = await knowledge.apply(tx, userId, row.language, 'review', [{ key: row.key, state: wanted }], (current) => current?.status !== 'ignored');
        wordChange = result.change;
        word = result.changed.get(row.key) ?? null;
      }
      const [log] = await tx
        .insert(reviewLogs)
        .values({
          cardId: row.id,
          userId,
          language: row.language,
          rating: RATINGS[grade],
          stateBefore: row.state,
          before: snapshot(row),
          wordChangeId: wordChange?.id ?? null,
          reviewedAt: now,
        })
        .returning({ id: reviewLogs.id });
      return { card: cardView(updated!), review_id: log!.id, word_change: wordChange, word };
    });
  }

  /** Takes back the learner's last grade: the card as it was, and the word status it moved. */
  async function undoLast(userId: string) {
    return db.transaction(async (tx) => {
      const [log] = await tx.select().from(reviewLogs).where(eq(reviewLogs.userId, userId)).orderBy(desc(reviewLogs.reviewedAt)).limit(1).for('update');
      if (!log) throw new HttpError(409, 'There is no grade to undo');
      const [restored] = await tx
        .update(reviewCards)
        .set(fromSnapshot(log.before as Snapshot))
        .where(eq(reviewCards.id, log.cardId))
        .returning();
      let word = null;
      if (log.wordChangeId) {
        const undone = await knowledge.undoIn(tx, userId, log.wordChangeId).catch((error: unknown) => {
          // A change the learner already took back from the reader is simply gone.
          if (error instanceof HttpError && error.statusCode === 409) return null;
          throw error;
        });
        word = undone ? (undone.words[restored!.key] ?? null) : null;
      }
      await tx.delete(reviewLogs).where(eq(reviewLogs.id, log.id));
      return { card: cardView(restored!), word };
    });
  }

  /** Every card of a language, oldest first: the Anki export. */
  const cardsOf = (userId: string, language: Language) =>
    db.select().from(reviewCards).where(and(eq(reviewCards.userId, userId), eq(reviewCards.language, language))).orderBy(asc(reviewCards.createdAt), asc(reviewCards.id));

  async function remove(userId: string, cardId: string) {
    const row = await ownCard(db, userId, cardId);
    await db.delete(reviewCards).where(eq(reviewCards.id, row.id));
  }

  return { save, savedKeys, settings, updateSettings, queue, dueCount, grade, undoLast, cardsOf, remove };
}

export type Review = ReturnType<typeof createReview>;
