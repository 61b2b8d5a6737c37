import { furiganaSegments, type RubySegment } from './japanese/furigana';
import type { ForcedReading } from './japanese/markup';
import { hasRubyText, toHiragana } from './japanese/kana';
import type { Token } from './token';
import { escapeHtml } from '../escape-html';


function rubyHtml(segments: RubySegment[]): string {
  return segments
    .map((s) => (s.reading ? `<ruby>${escapeHtml(s.text)}<rt>${escapeHtml(s.reading)}</rt></ruby>` : escapeHtml(s.text)))
    .join('');
}

// A word's ruby depends only on its spelling and reading, and stories repeat their words.
const rubyMemo = new Map<string, string>();
function wordRuby(surface: string, reading: string): string {
  if (!reading || !hasRubyText(surface)) return escapeHtml(surface);
  const key = `${surface}\u0000${reading}`;
  let html = rubyMemo.get(key);
  if (html === undefined) {
    html = rubyHtml(furiganaSegments(surface, reading));
    if (rubyMemo.size < 100_000) rubyMemo.set(key, html);
  }
  return html;
}

/** The segments of one token, honouring readings a storyteller fixed inside it. */
export function tokenSegments(token: Token, text: string, forced: ForcedReading[]): RubySegment[] {
  const inside = forced.filter((f) => f.start < token.end && f.end > token.start);
  if (inside.length === 0) {
    return token.reading && hasRubyText(token.surface) ? furiganaSegments(token.surface, token.reading) : [{ text: token.surface }];
  }
  const segments: RubySegment[] = [];
  let at = token.start;
  for (const f of inside) {
    if (f.start > at) segments.push({ text: text.slice(at, f.start) });
    segments.push({ text: text.slice(Math.max(f.start, token.start), Math.min(f.end, token.end)), reading: toHiragana(f.reading) });
    at = Math.min(f.end, token.end);
  }
  if (at < token.end) segments.push({ text: text.slice(at, token.end) });
  return segments;
}

/**
 * The line as safe HTML: every character escaped, each token in a span carrying its index, ruby
 * over the kanji of Japanese words. Only <span data-t>, <ruby> and <rt> are ever produced.
 */
export function buildHtmlText(text: string, tokens: Token[], forced: ForcedReading[] = []): string {
  let html = '';
  let at = 0;
  for (const token of tokens) {
    if (token.start > at) html += escapeHtml(text.slice(at, token.start));
    const inner = forced.length === 0 ? wordRuby(token.surface, token.reading) : rubyHtml(tokenSegments(token, text, forced));
    html += `<span data-t="${token.index}">${inner}</span>`;
    at = token.end;
  }
  if (at < text.length) html += escapeHtml(text.slice(at));
  return html;
}

/**
 * Tokens that straddle the edge of a storyteller's reading are joined into one, so a ruby never
 * crosses a span boundary.
 */
export function mergeAcrossForced(tokens: Token[], text: string, forced: ForcedReading[]): Token[] {
  if (forced.length === 0) return tokens;
  const merged: Token[] = [];
  for (const token of tokens) {
    const previous = merged[merged.length - 1];
    const straddles = previous && forced.some((f) => f.start < previous.end && f.end > token.start && f.start < token.end && f.end > previous.start);
    if (straddles) {
      const surface = text.slice(previous.start, token.end);
      merged[merged.length - 1] = { ...previous, surface, norm: surface, base: surface, end: token.end, reading: previous.reading + token.reading };
    } else {
      merged.push({ ...token, index: merged.length });
    }
  }
  return merged;
}
