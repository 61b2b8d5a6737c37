import { isKana } from './kana';

/** A reading a storyteller fixed for a stretch of the plain text. */
export interface ForcedReading {
  start: number;
  end: number;
  reading: string;
}

export interface ParsedMarkup {
  text: string;
  forced: ForcedReading[];
}

// {base|reading} and <ruby>base(<rp>…</rp>)?<rt>reading</rt>(<rp>…</rp>)?</ruby>; nothing else is markup.
const MARKUP =
  /\{([^{}|<>\n]{1,20})\|([^{}|<>\n]{1,40})\}|<ruby>([^<>{}|\n]{1,20})(?:<rp>[^<>]{0,3}<\/rp>)?<rt>([^<>\n]{1,40})<\/rt>(?:<rp>[^<>]{0,3}<\/rp>)?<\/ruby>/gu;

const isReading = (text: string) => [...text].every(isKana);

/**
 * Strips furigana markup from a storyteller's line and remembers the readings it gave. Markup whose
 * reading is not kana is left in the text as it was written, to be shown (escaped) like any text.
 */
export function parseFuriganaMarkup(input: string): ParsedMarkup {
  let text = '';
  const forced: ForcedReading[] = [];
  let last = 0;
  for (const match of input.matchAll(MARKUP)) {
    const base = match[1] ?? match[3] ?? '';
    const reading = match[2] ?? match[4] ?? '';
    if (!isReading(reading)) continue;
    text += input.slice(last, match.index);
    forced.push({ start: text.length, end: text.length + base.length, reading });
    text += base;
    last = match.index + match[0].length;
  }
  text += input.slice(last);
  return { text, forced };
}
