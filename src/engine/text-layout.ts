/**
 * The dialogue box's own text layout: where every character goes, so the canvas can draw it and the DOM
 * overlay can put furigana and hit areas exactly over it. Japanese breaks between characters except where
 * kinsoku forbids (no line starts with 。、」）ー… and none ends with 「（…); other text wraps at spaces.
 * Each line leaves room above it for ruby. No Pixi and no DOM here: the caller measures.
 */

/** Characters a line may not start with (closing brackets, punctuation, small kana, the long vowel mark). */
const NO_LINE_START = new Set(
  [...'、。，．,.・：；:;？！?!‼⁇⁈⁉゛゜ヽヾゝゞ々〻ー―‐゠〜～…‥）］｝〕〉》」』】〙〗〟’”｠»)]}ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ%％'],
);
/** Characters a line may not end with (opening brackets and quotes). */
const NO_LINE_END = new Set([...'（［｛〔〈《「『【〘〖〝‘“｟«([{']);

/** Scripts set without spaces, where a line may break between any two characters. */
const CJK = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\u{20000}-\u{2fa1f}]/u;

export interface LayoutOptions {
  maxWidth: number;
  /** Height of a line of text. */
  lineHeight: number;
  /** Room kept above every line for ruby (furigana); 0 for English. */
  rubyHeight: number;
  /** Advance width of one grapheme in the dialogue font. */
  measure(grapheme: string): number;
  /**
   * Optional: the font's kerning between two graphemes inside a word (added to the first one's advance),
   * so text drawn grapheme by grapheme at the laid-out positions keeps the font's spacing ("AV", "To").
   */
  kerning?(previous: string, next: string): number;
}

export interface GlyphBox {
  /** UTF-16 offset of the grapheme in the text (the analysis call's offsets are UTF-16). */
  start: number;
  end: number;
  text: string;
  line: number;
  x: number;
  /** Top of the text (below the ruby room). */
  y: number;
  width: number;
  height: number;
}

export interface LineBox {
  /** Indexes into `glyphs`, end exclusive. */
  first: number;
  last: number;
  y: number;
  width: number;
}

export interface TextLayout {
  glyphs: GlyphBox[];
  lines: LineBox[];
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Units that stay together on a line: a CJK character, a word with the spaces after it, or a newline. */
interface Unit {
  graphemes: { text: string; start: number; end: number; width: number }[];
  width: number;
  /** Width of trailing spaces, which do not count at the end of a line. */
  trailing: number;
  newline: boolean;
}

function unitsOf(text: string, measure: (g: string) => number, kerning?: (a: string, b: string) => number): Unit[] {
  const units: Unit[] = [];
  let word: Unit | undefined;
  /** Appends a grapheme to the open word, kerned against the grapheme before it. */
  const extend = (unit: Unit, grapheme: Unit['graphemes'][number]) => {
    const previous = unit.graphemes.at(-1);
    const kern = previous && kerning ? kerning(previous.text, grapheme.text) : 0;
    if (previous && kern) {
      previous.width += kern;
      unit.width += kern;
    }
    unit.graphemes.push(grapheme);
    unit.width += grapheme.width;
  };
  const close = () => {
    if (word) units.push(word);
    word = undefined;
  };
  for (const { segment, index } of segmenter.segment(text)) {
    const grapheme = { text: segment, start: index, end: index + segment.length, width: 0 };
    if (segment === '\n' || segment === '\r\n') {
      close();
      units.push({ graphemes: [], width: 0, trailing: 0, newline: true });
      continue;
    }
    grapheme.width = measure(segment);
    if (/^\s$/u.test(segment)) {
      word ??= { graphemes: [], width: 0, trailing: 0, newline: false };
      word.graphemes.push(grapheme);
      word.width += grapheme.width;
      word.trailing += grapheme.width;
      close();
      continue;
    }
    if (CJK.test(segment) || NO_LINE_START.has(segment) || NO_LINE_END.has(segment)) {
      // Punctuation after a Latin word stays with it ("Hello," must not lose its comma).
      if (word && word.trailing === 0 && NO_LINE_START.has(segment) && !CJK.test(segment)) {
        extend(word, grapheme);
        continue;
      }
      close();
      units.push({ graphemes: [grapheme], width: grapheme.width, trailing: 0, newline: false });
      continue;
    }
    if (word && word.trailing > 0) close();
    word ??= { graphemes: [], width: 0, trailing: 0, newline: false };
    extend(word, grapheme);
  }
  close();
  return units;
}

const firstText = (unit: Unit | undefined) => unit?.graphemes[0]?.text ?? '';
const lastText = (unit: Unit | undefined) => unit?.graphemes.at(-1)?.text ?? '';

/** Lays the text out in lines no wider than `maxWidth` (a single grapheme wider than that gets a line to itself). */
export function layoutText(text: string, options: LayoutOptions): TextLayout {
  const { maxWidth, lineHeight, rubyHeight, measure, kerning } = options;
  const units = unitsOf(text, measure, kerning);

  // Lines as ranges of units.
  const lineUnits: Unit[][] = [];
  let current: Unit[] = [];
  let width = 0;
  const widthOf = (line: Unit[]) => line.reduce((sum, u) => sum + u.width, 0) - (line.at(-1)?.trailing ?? 0);
  for (const unit of units) {
    if (unit.newline) {
      lineUnits.push(current);
      current = [];
      width = 0;
      continue;
    }
    if (current.length > 0 && width + unit.width - unit.trailing > maxWidth) {
      // Kinsoku: the last units of the line move down with it until the new line starts legally and the
      // old one ends legally (never emptying the old line, at most three units).
      const carried: Unit[] = [];
      let head = unit;
      while (current.length > 1 && carried.length < 3 && (NO_LINE_START.has(firstText(head)) || NO_LINE_END.has(lastText(current.at(-1))))) {
        head = current.pop()!;
        carried.unshift(head);
      }
      lineUnits.push(current);
      current = carried;
      width = carried.reduce((sum, u) => sum + u.width, 0);
    }
    // A word wider than the whole line is broken between graphemes.
    if (current.length === 0 && unit.width - unit.trailing > maxWidth && unit.graphemes.length > 1) {
      let piece: Unit = { graphemes: [], width: 0, trailing: 0, newline: false };
      for (const g of unit.graphemes) {
        if (piece.graphemes.length > 0 && piece.width + g.width > maxWidth) {
          lineUnits.push([piece]);
          piece = { graphemes: [], width: 0, trailing: 0, newline: false };
        }
        piece.graphemes.push(g);
        piece.width += g.width;
      }
      piece.trailing = unit.trailing;
      current = [piece];
      width = piece.width;
      continue;
    }
    current.push(unit);
    width += unit.width;
  }
  lineUnits.push(current);

  const glyphs: GlyphBox[] = [];
  const lines: LineBox[] = [];
  lineUnits.forEach((line, index) => {
    const y = index * (lineHeight + rubyHeight) + rubyHeight;
    const first = glyphs.length;
    let x = 0;
    for (const unit of line) {
      for (const g of unit.graphemes) {
        glyphs.push({ start: g.start, end: g.end, text: g.text, line: index, x, y, width: g.width, height: lineHeight });
        x += g.width;
      }
    }
    lines.push({ first, last: glyphs.length, y, width: widthOf(line) });
  });
  return {
    glyphs,
    lines,
    width: Math.max(0, ...lines.map((l) => l.width)),
    height: lines.length * (lineHeight + rubyHeight),
  };
}

/** The boxes (one per line it spans) covering the text from `start` to `end` (UTF-16 offsets). */
export function boxesOf(layout: TextLayout, start: number, end: number): Rect[] {
  const rects: Rect[] = [];
  for (const glyph of layout.glyphs) {
    if (glyph.end <= start || glyph.start >= end || /^\s$/u.test(glyph.text)) continue;
    const last = rects.at(-1);
    if (last && last.y === glyph.y && Math.abs(last.x + last.width - glyph.x) < 0.01) last.width += glyph.width;
    else rects.push({ x: glyph.x, y: glyph.y, width: glyph.width, height: glyph.height });
  }
  return rects;
}
