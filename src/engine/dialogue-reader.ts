/**
 * The line being read, without drawing it: the font loading and measuring a new line waits for, its layout
 * for the stage's size, the pages a long line is cut into, the typewriter's clock and where the continue mark
 * goes. The dialogue box (src/scenes/stage/DialogueBox.tsx) draws what this says, and the text's glyph boxes
 * are what the DOM overlay aligns furigana and hit areas to, so they are published (`geometry`) exactly as drawn.
 */
import { baselineIn, type GlyphDrawing } from './glyph-text';
import type { ContinueKind } from './continue-indicator';
import { cssFont, DIALOGUE_FAMILY, DIALOGUE_WEIGHT, fontReady, loadFont, NAME_FAMILY, NAME_WEIGHT } from './fonts';
import { GlyphMetrics } from './glyph-metrics';
import { sceneGeometry } from './scene-geometry';
import type { StageContext } from './stage-context';
import { designToCss, snapToDevicePixel } from './stage-fit';
import { layoutText, type GlyphBox, type Rect } from './text-layout';
import { pageAt, paginate, type TextPage } from './text-pages';
import { graphemesOf, Typewriter } from './typewriter';

export interface LineView {
  id: string;
  speaker: string | null;
  text: string;
  language: 'ja' | 'en';
  rubyRoom: boolean;
  instant: boolean;
}

export interface TextGeometry {
  glyphs: GlyphBox[];
  fontSize: number;
  rubyHeight: number;
  textBox: Rect;
}

/** Where the continue mark goes: its left edge at x, its centre at y, sized for the line's font. */
export interface MarkPlace {
  kind: ContinueKind;
  x: number;
  y: number;
  fontSize: number;
}

const TEXT_COLOR = '#f6f3ee';
const TEXT_SHADOW = 'rgba(4, 4, 14, 0.55)';

interface Laid {
  pages: TextPage[];
  drawing: GlyphDrawing;
  fontSize: number;
  rubyHeight: number;
  textBox: Rect;
  /** Drawn with all its faces loaded (a font time-out draws with a fallback and redraws later). */
  final: boolean;
}

export interface DialogueEvents {
  /** What is drawn changed: a new line, page or layout. */
  drawn(): void;
  /** More of the line shows (or a new line began). */
  progress(revealed: number, complete: boolean): void;
}

export const sameLine = (a: LineView | null, b: LineView | null) =>
  a === b ||
  (!!a && !!b && a.id === b.id && a.text === b.text && a.speaker === b.speaker && a.language === b.language && a.rubyRoom === b.rubyRoom);

export class DialogueReader {
  private current: LineView | null = null;
  private typewriter: Typewriter | null = null;
  private laid: Laid | null = null;
  private page = 0;
  /** Fonts the current line waits for. */
  private waiting = false;
  private token = 0;
  private cps = 30;
  /** When the typewriter last moved on (performance.now()). */
  private typedUntil = 0;
  private plate: string | null = null;

  private readonly listeners = new Set<Partial<DialogueEvents>>();
  private readonly events: DialogueEvents = {
    drawn: () => this.listeners.forEach((l) => l.drawn?.()),
    progress: (revealed, complete) => this.listeners.forEach((l) => l.progress?.(revealed, complete)),
  };

  listen(listener: Partial<DialogueEvents>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get line(): LineView | null {
    return this.current;
  }

  get revealed(): number {
    if (!this.current || !this.typewriter) return 0;
    if (this.laid) return this.lastPage ? this.typewriter.revealed : Math.min(this.typewriter.revealed, this.laid.pages[this.page]!.end);
    return this.typewriter.complete ? this.current.text.length : 0;
  }

  /** The whole line is shown: its last page, to the end. */
  get complete(): boolean {
    return !this.typewriter || (this.typewriter.complete && this.lastPage);
  }

  private get lastPage(): boolean {
    return !this.laid || this.page >= this.laid.pages.length - 1;
  }

  /** The page on screen is shown to its end (a press turns to the next page). */
  private get pageShown(): boolean {
    return !this.typewriter || this.typewriter.held || this.typewriter.complete;
  }

  /** True while fonts load or the typewriter runs (to the end of the page on screen). */
  get busy(): boolean {
    // A page shown to its end waits for a press, like a complete line: nothing is pending.
    return this.waiting || !this.pageShown;
  }

  /**
   * Whose name plate shows: set when a line is laid out, kept while the same speaker's next line waits for
   * its fonts (most lines in a row share one), gone at once for another speaker or narration.
   */
  get speaker(): string | null {
    return this.plate;
  }

  /** The page on screen as drawn, or null before the line is laid out. */
  get drawing(): GlyphDrawing | null {
    return this.laid?.drawing ?? null;
  }

  show(line: LineView | null, context: StageContext): void {
    if (sameLine(line, this.current)) {
      if (line?.instant && !this.current?.instant) this.revealAll();
      this.current = line;
      return;
    }
    this.current = line;
    if (line?.speaker !== this.plate) this.plate = null;
    const token = ++this.token;
    this.laid = null;
    this.page = 0;
    this.typewriter = line ? new Typewriter(line.text, this.cps, line.instant) : null;
    this.waiting = line !== null;
    this.events.drawn();
    this.events.progress(this.revealed, this.complete);
    if (line) void this.prepare(line, token, context);
  }

  /**
   * Gets a new line ready to draw, then lays it out. Waits for the glyphs it needs (on a time-out it draws
   * anyway and redraws when the fonts arrive), then does the cold-start work in short tasks: measuring with a
   * font for the first time costs tens of milliseconds, and done in one go it would stall the frames of the
   * sprite transition that usually runs at the same moment.
   */
  private async prepare(line: LineView, token: number, context: StageContext): Promise<void> {
    const current = () => token === this.token;
    const { fit } = context;
    const fontSize = textSize(context);
    const nameSize = sceneGeometry(fit.orientation).plate.fontSize * fit.scale;
    const textFont = cssFont(DIALOGUE_WEIGHT, fontSize, DIALOGUE_FAMILY);
    const nameFont = cssFont(NAME_WEIGHT, nameSize, NAME_FAMILY);
    await Promise.all([loadFont(textFont, line.text), line.speaker ? loadFont(nameFont, line.speaker) : true]);
    if (!current()) return;
    if (line.speaker) {
      new GlyphMetrics(nameFont, nameSize).measure(line.speaker);
      await yieldToBrowser();
      if (!current()) return;
    }
    // Measured a slice per task, so the layout below only reads remembered widths.
    const metrics = new GlyphMetrics(textFont, fontSize);
    const graphemes = [...new Set(graphemesOf(line.text))];
    for (let i = 0; i < graphemes.length; i += 24) {
      await yieldToBrowser();
      if (!current()) return;
      for (const g of graphemes.slice(i, i + 24)) metrics.measure(g);
    }
    await yieldToBrowser();
    if (!current()) return;
    this.waiting = false;
    this.layout(context);
  }

  setTextSpeed(cps: number): void {
    if (!(cps > 0)) return;
    this.cps = cps;
    this.typewriter?.setSpeed(cps);
  }

  /** Shows the rest of the page on screen; on a page already shown in full, turns to the next one. */
  revealAll(): void {
    if (!this.typewriter) return;
    if (!this.typewriter.revealAll()) {
      if (this.laid && !this.lastPage && this.pageShown) this.turnPage();
      return;
    }
    this.events.drawn();
    this.events.progress(this.revealed, this.complete);
  }

  private turnPage(): void {
    const laid = this.laid;
    if (!laid) return;
    this.page++;
    this.holdTypewriter();
    this.typedUntil = performance.now();
    laid.drawing = { ...laid.drawing, layout: laid.pages[this.page]!.layout };
    this.events.drawn();
    this.events.progress(this.revealed, this.complete);
  }

  /** The typewriter stops at the end of the page on screen (no limit on the last page). */
  private holdTypewriter(): void {
    const line = this.current;
    if (!line || !this.typewriter || !this.laid) return;
    this.typewriter.holdAt(this.lastPage ? line.text.length : this.laid.pages[this.page]!.end);
  }

  /** Where every grapheme of the page on screen is, in CSS px from the stage's top-left. */
  geometry(): TextGeometry | null {
    const laid = this.laid;
    if (!laid) return null;
    const { x, y } = laid.drawing.origin;
    return {
      glyphs: laid.drawing.layout.glyphs.map((g) => ({ ...g, x: g.x + x, y: g.y + y })),
      fontSize: laid.fontSize,
      rubyHeight: laid.rubyHeight,
      textBox: { ...laid.textBox },
    };
  }

  /** Lays the line out for the stage's current size (a resize), keeping the page with the text read so far. */
  layout(context: StageContext): void {
    const line = this.current;
    if (!line || this.waiting) return;
    const { fit, resolution } = context;
    const geometry = sceneGeometry(fit.orientation);
    const fontSize = textSize(context);
    const textBox = designToCss(fit, geometry.text);
    const origin = { x: snapToDevicePixel(textBox.x, resolution), y: snapToDevicePixel(textBox.y, resolution) };
    const font = cssFont(DIALOGUE_WEIGHT, fontSize, DIALOGUE_FAMILY);
    const metrics = new GlyphMetrics(font, fontSize);
    const rubyHeight = line.rubyRoom ? fontSize * geometry.rubyRoom : 0;
    const whole = layoutText(line.text, {
      maxWidth: textBox.width - (origin.x - textBox.x),
      lineHeight: fontSize * geometry.lineHeight,
      rubyHeight,
      measure: metrics.measure,
      kerning: metrics.kerning,
    });
    const shown = this.laid ? this.revealed : 0;
    if (!this.laid) this.typedUntil = performance.now();
    const pages = paginate(whole, textBox.height - (origin.y - textBox.y));
    this.page = this.laid ? pageAt(pages, shown) : 0;
    const paint = { font, fontSize, metrics: metrics.metrics, color: TEXT_COLOR, shadow: TEXT_SHADOW };
    this.laid = { pages, drawing: { layout: pages[this.page]!.layout, paint, resolution, origin }, fontSize, rubyHeight, textBox, final: fontReady(font, line.text) };
    this.plate = line.speaker;
    this.holdTypewriter();
    this.events.drawn();
    this.events.progress(this.revealed, this.complete);
  }

  /**
   * A font face arrived somewhere in the page. Only a line laid out before its own faces were in (a font
   * time-out) needs measuring and drawing again; the usual case, our own load finishing, must not redraw it twice.
   */
  refreshFonts(context: StageContext): void {
    if (this.waiting || !this.laid || this.laid.final) return;
    this.layout(context);
  }

  /**
   * Moves the typewriter on to `now` (performance.now()); returns whether more text shows. Its clock runs
   * from the moment the line was laid out, not from the previous frame: waiting for fonts, or the box being
   * hidden, must not count as reading time.
   */
  advance(now: number, running: boolean): boolean {
    const typed = running ? Math.max(0, now - this.typedUntil) : 0;
    this.typedUntil = now;
    if (!this.laid || !this.typewriter?.advance(typed)) return false;
    this.events.progress(this.revealed, this.complete);
    return true;
  }

  /** After the last revealed grapheme once the page is shown: `kind` at the line's end, 'more' on a page with more after it. */
  mark(kind: ContinueKind | null): MarkPlace | null {
    const laid = this.laid;
    if (!laid || !this.current || !this.pageShown) return null;
    const shown = this.lastPage ? (this.complete ? kind : null) : 'more';
    if (!shown) return null;
    const { layout, origin, paint } = laid.drawing;
    const fontSize = laid.fontSize;
    const visible = layout.glyphs.filter((g) => !/^\s+$/u.test(g.text));
    const last = visible.at(-1);
    const lineHeight = layout.lines.length > 0 ? layout.height / layout.lines.length - laid.rubyHeight : fontSize * 1.5;
    const top = last ? last.y : laid.rubyHeight;
    const x = last ? last.x + last.width + fontSize * 0.28 : 0;
    // Centred on the ink of a full-width character, which sits a little above the line box's middle.
    const centerY = top + baselineIn(last?.height ?? lineHeight, paint.metrics) - fontSize * 0.37;
    return { kind: shown, x: origin.x + x, y: origin.y + centerY, fontSize };
  }

  /** Forgets the line (the stage is going away): a font load still under way draws nothing. */
  destroy(): void {
    this.token++;
  }
}

const textSize = (context: StageContext) => sceneGeometry(context.fit.orientation).fontSize * context.fit.scale;

/**
 * Lets the browser render and handle input before continuing: scheduler.yield() where there is one, else a
 * message-channel task (setTimeout would be clamped to 4 ms after a few nested calls).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
