import { takesRuby, toHiragana } from './kana';

/** A piece of a word: kana or other text as is, or a kanji run with its reading. */
export interface RubySegment {
  text: string;
  reading?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits a word into kanji runs with their readings and the kana between them, so that okurigana
 * stay outside the ruby: 取り扱い/とりあつかい → 取(と) り 扱(あつか) い. The kana of the surface
 * anchor a regular expression over the reading; the kanji runs take what lies between.
 */
export function furiganaSegments(surface: string, reading: string): RubySegment[] {
  const runs: { text: string; kanji: boolean }[] = [];
  for (const ch of surface) {
    const kanji = takesRuby(ch);
    const last = runs[runs.length - 1];
    if (last && last.kanji === kanji) last.text += ch;
    else runs.push({ text: ch, kanji });
  }
  if (!runs.some((r) => r.kanji)) return [{ text: surface }];
  const kana = toHiragana(reading);
  if (!kana) return [{ text: surface }];

  const source = runs.map((r) => (r.kanji ? '(.+?)' : escapeRegExp(toHiragana(r.text)))).join('');
  const match = new RegExp(`^${source}$`, 'u').exec(kana);
  if (match) {
    let group = 1;
    return runs.map((r) => (r.kanji ? { text: r.text, reading: match[group++] } : { text: r.text }));
  }
  // The reading does not follow the spelling (a dictionary quirk): keep the outer kana out and put
  // the whole middle under one ruby, which is still right for the learner.
  const first = runs[0]!;
  const final = runs[runs.length - 1]!;
  const head = first.kanji ? '' : first.text;
  const tail = runs.length > 1 && !final.kanji ? final.text : '';
  const headKana = toHiragana(head);
  const tailKana = toHiragana(tail);
  if (kana.startsWith(headKana) && kana.endsWith(tailKana) && kana.length > headKana.length + tailKana.length) {
    const middle = surface.slice(head.length, surface.length - tail.length);
    const segments: RubySegment[] = [];
    if (head) segments.push({ text: head });
    segments.push({ text: middle, reading: kana.slice(headKana.length, kana.length - tailKana.length) });
    if (tail) segments.push({ text: tail });
    return segments;
  }
  return [{ text: surface, reading: kana }];
}
