/**
 * Reads the stage's own pixels in the page and compares them with the glyph boxes from textGeometry():
 * the DOM overlay puts furigana and hit areas on those boxes, so the drawn text must be inside them.
 * Runs inside the browser (passed to page.evaluate), so it must not use anything from its module scope.
 */
export interface AlignmentReport {
  devicePixelRatio: number;
  /** Han characters whose box holds no lit pixel. */
  emptyKanji: string[];
  /** Per Han character: ink centre minus box centre, CSS px. */
  kanjiOffsets: number[];
  /** Lit pixels found in the strip just left of each line's first glyph. */
  litLeftOfLines: number;
  /** Lit pixels found in the strip just right of each line's last glyph. */
  litRightOfLines: number;
  /** Lit pixels in the furigana room above the lines. */
  litInRubyRoom: number;
  /** Per line: distance from the first glyph's left edge to the ink's, and from the ink's right edge to the last glyph's, CSS px. */
  lineInset: { left: number; right: number; last: string }[];
  lines: number;
}

export function measureAlignment(): AlignmentReport {
  const geometry = window.stage.textGeometry();
  if (!geometry) throw new Error('no text on the stage');
  const source = document.querySelector<HTMLCanvasElement>('#host canvas')!;
  const ratio = source.width / source.getBoundingClientRect().width;
  const copy = document.createElement('canvas');
  copy.width = source.width;
  copy.height = source.height;
  const ctx = copy.getContext('2d')!;
  ctx.drawImage(source, 0, 0);
  const { data, width, height } = ctx.getImageData(0, 0, copy.width, copy.height);
  // Dialogue text is near-white on a dark panel; nothing else in the text box is that bright.
  const lit = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const i = (y * width + x) * 4;
    return data[i]! > 175 && data[i + 1]! > 175 && data[i + 2]! > 175;
  };
  /** Lit pixels in a CSS px rectangle, with the x of each. */
  const scan = (x0: number, y0: number, x1: number, y1: number) => {
    const xs: number[] = [];
    for (let y = Math.round(y0 * ratio); y < Math.round(y1 * ratio); y++) {
      for (let x = Math.round(x0 * ratio); x < Math.round(x1 * ratio); x++) if (lit(x, y)) xs.push(x / ratio);
    }
    return xs;
  };

  const report: AlignmentReport = {
    devicePixelRatio: ratio,
    emptyKanji: [],
    kanjiOffsets: [],
    litLeftOfLines: 0,
    litRightOfLines: 0,
    litInRubyRoom: 0,
    lineInset: [],
    lines: 0,
  };
  const han = /\p{Script=Han}/u;
  for (const g of geometry.glyphs) {
    if (!han.test(g.text)) continue;
    const xs = scan(g.x, g.y, g.x + g.width, g.y + g.height);
    if (xs.length === 0) report.emptyKanji.push(g.text);
    else report.kanjiOffsets.push(xs.reduce((a, b) => a + b, 0) / xs.length + 0.5 / ratio - (g.x + g.width / 2));
  }
  const lines = new Map<number, typeof geometry.glyphs>();
  for (const g of geometry.glyphs) lines.set(g.line, [...(lines.get(g.line) ?? []), g]);
  report.lines = lines.size;
  const strip = geometry.fontSize * 0.6;
  for (const glyphs of lines.values()) {
    const visible = glyphs.filter((g) => !/^\s+$/u.test(g.text));
    const first = visible[0]!;
    const last = visible.at(-1)!;
    const top = first.y;
    const bottom = first.y + first.height;
    report.litLeftOfLines += scan(first.x - strip, top, first.x, bottom).length;
    report.litRightOfLines += scan(last.x + last.width + 1, top, last.x + last.width + strip, bottom).length;
    if (geometry.rubyHeight > 0) report.litInRubyRoom += scan(first.x - strip, top - geometry.rubyHeight + 1, last.x + last.width + strip, top - 1).length;
    const xs = scan(first.x - strip, top, last.x + last.width + strip, bottom);
    report.lineInset.push({ left: Math.min(...xs) - first.x, right: last.x + last.width - (Math.max(...xs) + 1 / ratio), last: last.text });
  }
  return report;
}
