/** Figures on the progress page, spelled the same in the figure cards, the chart axes and the tables. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const SECONDS_PER_DAY = 86_400;

/**
 * "2024-11-03" → "Nov 3". Read from the text, not through `Date`: the day is already the learner's own
 * calendar day, and parsing it would shift it by the browser's time zone.
 */
export function formatDay(day: string): string {
  const match = DAY_PATTERN.exec(day);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return day;
  return `${month} ${Number(match[3])}`;
}

/** Reading time as a person says it: "45 s", "12 min", "1 h 05 min". */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours.toLocaleString('en')} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/**
 * A day as seconds since the epoch at its UTC midnight: uPlot's time scale wants numbers, and pinning every
 * day to UTC keeps one tick per day whatever the browser's zone (the chart draws its ticks in UTC too).
 */
export function dayToUtcSeconds(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000;
}

/** The reverse of `dayToUtcSeconds`, for the chart's axis ticks. */
export function utcSecondsToDay(seconds: number): string {
  return new Date(Math.round(seconds / SECONDS_PER_DAY) * SECONDS_PER_DAY * 1000).toISOString().slice(0, 10);
}

/** A level's share of known words, never rounded up to 100% while a word is still missing. */
export function coveragePercent({ known, total }: { known: number; total: number }): number {
  if (total <= 0) return 0;
  const percent = Math.round((Math.min(Math.max(known, 0), total) / total) * 100);
  return percent === 100 && known < total ? 99 : percent;
}
