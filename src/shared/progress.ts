import { z } from 'zod';
import { languageSchema } from './language';
import { levelCoverageSchema } from './words';

/** Days a progress page shows at most. */
export const PROGRESS_DAYS_MAX = 365;
export const PROGRESS_DAYS_DEFAULT = 30;

/** A time zone the runtime knows (IANA name); "today" on the progress page and in review limits is the learner's. */
export const timeZoneSchema = z
  .string()
  .max(100)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone' },
  );

export const progressQuery = z.object({
  language: languageSchema,
  time_zone: timeZoneSchema.default('UTC'),
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(7, 'Days must be at least 7')
    .max(PROGRESS_DAYS_MAX, `Days must be at most ${PROGRESS_DAYS_MAX}`)
    .default(PROGRESS_DAYS_DEFAULT),
});

export const progressDaySchema = z.object({
  /** The learner's calendar day, YYYY-MM-DD. */
  day: z.iso.date(),
  /** Words known at the end of the day. */
  known: z.number().int().min(0),
  /** Words that became known that day (net of any taken back). */
  learned: z.number().int(),
  reviewed: z.number().int().min(0),
  lines: z.number().int().min(0),
  characters: z.number().int().min(0),
  /** Reading time, counted from advances through new lines, not from an open tab. */
  seconds: z.number().int().min(0),
});
export type ProgressDay = z.infer<typeof progressDaySchema>;

export const progressSchema = z.object({
  language: languageSchema,
  days: z.array(progressDaySchema),
  /** Days in a row, up to today, with reading or review; a day not yet begun does not break it. */
  streak: z.number().int().min(0),
  totals: z.object({
    known: z.number().int().min(0),
    reviewed: z.number().int().min(0),
    lines: z.number().int().min(0),
    characters: z.number().int().min(0),
    seconds: z.number().int().min(0),
  }),
  coverage: levelCoverageSchema,
});
export type Progress = z.infer<typeof progressSchema>;
