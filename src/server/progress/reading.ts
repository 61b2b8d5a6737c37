import { sql } from 'drizzle-orm';
import type { Language } from '../../shared/language';
import type { Database, Transaction } from '../db/client';
import { readingHours } from '../db/schema';

/**
 * Time a line may count for at most: the gap between two advances is reading while it is short, and a learner
 * who left the tab open (or the device asleep) is not reading.
 */
export const READING_SECONDS_PER_LINE_MAX = 60;

export interface Reading {
  lines: number;
  characters: number;
  /** Milliseconds since the learner's previous advance on this connection. */
  spentMs: number;
}

/** Counts lines newly read into the learner's hour (UTC): the progress page sums hours into their days. */
export async function recordReading(tx: Database | Transaction, userId: string, language: Language, reading: Reading, at = new Date()) {
  if (reading.lines <= 0) return;
  const seconds = Math.round(Math.min(Math.max(0, reading.spentMs) / 1000, READING_SECONDS_PER_LINE_MAX * reading.lines));
  await tx
    .insert(readingHours)
    .values({ userId, language, hour: sql`date_trunc('hour', ${at.toISOString()}::timestamptz)`, lines: reading.lines, characters: reading.characters, seconds })
    .onConflictDoUpdate({
      target: [readingHours.userId, readingHours.language, readingHours.hour],
      set: {
        lines: sql`${readingHours.lines} + excluded.lines`,
        characters: sql`${readingHours.characters} + excluded.characters`,
        seconds: sql`${readingHours.seconds} + excluded.seconds`,
      },
    });
}
