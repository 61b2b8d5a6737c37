/**
 * The dialogue box: the panel, the speaker's name plate, the line's text revealed by the typewriter and the
 * continue mark. The panel is a shape in design units; the name and the text are laid out and drawn in CSS
 * px at the screen's density, and the text's glyph boxes are what the DOM overlay aligns furigana and hit
 * areas to, so they are published (`geometry`) exactly as drawn.
 */
import { Container, Graphics } from 'pixi.js';
import { ContinueIndicator, type ContinueKind } from './continue-indicator';
import { DialogueText, baselineIn } from './dialogue-text';
import { cssFont, DIALOGUE_FAMILY, DIALOGUE_WEIGHT, fontReady, loadFont, NAME_FAMILY, NAME_WEIGHT } from './fonts';
import { GlyphMetrics, type FontMetrics } from './glyph-metrics';
import { easeInOutSine, Transition, TRANSITION_MS } from './motion';
import { sceneGeometry } from './scene-geometry';
import type { StageContext } from './stage-context';
import { designToCss, snapToDevicePixel } from './stage-fit';
import { layoutText, type GlyphBox, type Rect, type TextLayout } from './text-layout';
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

const TEXT_COLOR = '#f6f3ee';
const TEXT_SHADOW = 'rgba(4, 4, 14, 0.55)';
const NAME_COLOR = '#fff6f8';

interface Drawn {
  layout: TextLayout;
  origin: { x: number; y: number };
  fontSize: number;
  rubyHeight: number;
  textBox: Rect;
  metrics: FontMetrics;
}

export interface DialogueEvents {
  progress(revealed: number, complete: boolean): void;
  geometry(): void;
}

const sameLine = (a: LineView | null, b: LineView | null) =>
  a === b ||
  (!!a && !!b && a.id === b.id && a.text === b.text && a.speaker === b.speaker && a.language === b.language && a.rubyRoom === b.rubyRoom);

export class DialogueLayer {
  /** The panel, in design units. */
  readonly world = new Container({ label: 'dialogue-panel' });
  /** Name, text and continue mark, in CSS px. */
  readonly screen = new Container({ label: 'dialogue' });
  private readonly panel = new Graphics();
  private readonly plate = new Graphics();
  private readonly name = new DialogueText();
  /** What the current name plate was drawn for (speaker and stage size). */
  private nameKey = '';
  private shownSpeaker: string | null = null;
  /** Whether the text and the name were drawn with all their faces loaded. */
  private drawnFinal = false;
  private nameFinal = true;
  private readonly text = new DialogueText();
  private readonly indicator = new ContinueIndicator();

  private line: LineView | null = null;
  private typewriter: Typewriter | null = null;
  private drawn: Drawn | null = null;
  /** The line cut into what the box holds; most lines are one page. */
  private pages: TextPage[] = [];
  private page = 0;
  /** Fonts the current line waits for. */
  private waiting = false;
  private token = 0;
  private cps = 30;
  private continueKind: ContinueKind | null = null;
  private fade: Transition | null = null;
  /** When the typewriter last moved on (performance.now()). */
  private typedUntil = 0;

  constructor(
    private readonly context: () => StageContext,
    private readonly events: DialogueEvents,
  ) {
    this.world.addChild(this.panel);
    this.world.alpha = 0;
    this.screen.addChild(this.plate, this.name.view, this.text.view, this.indicator.view);
    this.screen.alpha = 0;
  }

  get revealed(): number {
    if (!this.line || !this.typewriter) return 0;
    if (this.drawn) return this.lastPage ? this.typewriter.revealed : Math.min(this.typewriter.revealed, this.pages[this.page]!.end);
    return this.typewriter.complete ? this.line.text.length : 0;
  }

  /** The whole line is shown: its last page, to the end. */
  get complete(): boolean {
    return !this.typewriter || (this.typewriter.complete && this.lastPage);
  }

  private get lastPage(): boolean {
    return this.page >= this.pages.length - 1;
  }

  /** The page on screen is shown to its end (a press turns to the next page). */
  private get pageShown(): boolean {
    return !this.typewriter || this.typewriter.held || this.typewriter.complete;
  }

  /** True while fonts load, the box fades or the typewriter runs (to the end of the page on screen). */
  get busy(): boolean {
    // A page shown to its end waits for a press, like a complete line: nothing is pending.
    return this.waiting || (this.fade !== null && !this.fade.done) || !this.pageShown;
  }

  show(line: LineView | null): void {
    if (sameLine(line, this.line)) {
      if (line?.instant && !this.line?.instant) this.revealAll();
      this.line = line;
      return;
    }
    const wasShown = this.line !== null;
    this.line = line;
    const token = ++this.token;
    this.drawn = null;
    this.pages = [];
    this.page = 0;
    this.drawnFinal = false;
    this.text.clear();
    if (line?.speaker !== this.shownSpeaker) this.clearName();
    this.shownSpeaker = line?.speaker ?? null;
    this.typewriter = line ? new Typewriter(line.text, this.cps, line.instant) : null;
    if (wasShown !== (line !== null)) this.fade = new Transition(TRANSITION_MS, easeInOutSine);
    this.placeIndicator();
    this.events.progress(this.revealed, this.complete);
    this.events.geometry();
    this.waiting = line !== null;
    if (line) void this.prepare(line, token);
  }

  /**
   * Gets a new line ready to draw, then draws it. Waits for the glyphs it needs (on a time-out it draws
   * anyway and redraws when the fonts arrive), then does the cold-start work in short tasks: measuring with a
   * font for the first time costs tens of milliseconds, and done in one go it would stall the frames of the
   * sprite transition that usually runs at the same moment.
   */
  private async prepare(line: LineView, token: number): Promise<void> {
    const current = () => token === this.token && !this.screen.destroyed;
    const { fit } = this.context();
    const fontSize = this.fontSize(this.context());
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
    this.layoutName(this.context(), line.speaker);
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
    this.layout(this.context());
  }

  /** The box and its words out of sight (and back); the typewriter waits meanwhile. */
  setHidden(hidden: boolean): void {
    this.world.visible = this.screen.visible = !hidden;
  }

  setTextSpeed(cps: number): void {
    this.cps = cps;
    this.typewriter?.setSpeed(cps);
  }

  /** Shows the rest of the page on screen; on a page already shown in full, turns to the next one. */
  revealAll(): void {
    if (!this.typewriter) return;
    if (!this.typewriter.revealAll()) {
      if (this.drawn && !this.lastPage && this.pageShown) this.turnPage();
      return;
    }
    if (this.drawn) this.text.reveal(this.revealed);
    this.placeIndicator();
    this.events.progress(this.revealed, this.complete);
  }

  private turnPage(): void {
    const drawn = this.drawn;
    if (!drawn) return;
    this.page++;
    this.holdTypewriter();
    this.typedUntil = performance.now();
    this.drawPage(drawn, this.context().resolution);
    this.events.geometry();
    this.events.progress(this.revealed, this.complete);
  }

  /** The typewriter stops at the end of the page on screen (no limit on the last page). */
  private holdTypewriter(): void {
    const line = this.line;
    if (!line || !this.typewriter) return;
    this.typewriter.holdAt(this.lastPage ? line.text.length : this.pages[this.page]!.end);
  }

  setContinueIndicator(kind: ContinueKind | null): void {
    this.continueKind = kind;
    this.placeIndicator();
  }

  geometry(): TextGeometry | null {
    const drawn = this.drawn;
    if (!drawn) return null;
    const { x, y } = drawn.origin;
    return {
      glyphs: drawn.layout.glyphs.map((g) => ({ ...g, x: g.x + x, y: g.y + y })),
      fontSize: drawn.fontSize,
      rubyHeight: drawn.rubyHeight,
      textBox: { ...drawn.textBox },
    };
  }

  private fontSize(context: StageContext): number {
    return sceneGeometry(context.fit.orientation).fontSize * context.fit.scale;
  }

  /** Lays out and draws the panel, the name and the text for the stage's current size. */
  layout(context: StageContext): void {
    const { fit, resolution } = context;
    const geometry = sceneGeometry(fit.orientation);
    const { box } = geometry;
    this.panel.clear();
    this.panel
      .roundRect(box.x, box.y, box.width, box.height, geometry.boxRadius)
      .fill({ color: 0x0d0f1e, alpha: 0.8 })
      .stroke({ width: 2, color: 0xffffff, alpha: 0.16, alignment: 1 });
    // A faint inner rule: the glass edge that makes the panel read as an object, not a smear.
    this.panel.roundRect(box.x + 7, box.y + 7, box.width - 14, box.height - 14, geometry.boxRadius - 5).stroke({ width: 1, color: 0xffffff, alpha: 0.06 });

    const line = this.line;
    if (!line || this.waiting) return;
    this.layoutName(context, line.speaker);

    const fontSize = this.fontSize(context);
    const textBox = designToCss(fit, geometry.text);
    const origin = { x: snapToDevicePixel(textBox.x, resolution), y: snapToDevicePixel(textBox.y, resolution) };
    const font = cssFont(DIALOGUE_WEIGHT, fontSize, DIALOGUE_FAMILY);
    const metrics = new GlyphMetrics(font, fontSize);
    const rubyHeight = line.rubyRoom ? fontSize * geometry.rubyRoom : 0;
    const layout = layoutText(line.text, {
      maxWidth: textBox.width - (origin.x - textBox.x),
      lineHeight: fontSize * geometry.lineHeight,
      rubyHeight,
      measure: metrics.measure,
      kerning: metrics.kerning,
    });
    const before = this.geometry();
    const shown = this.drawn ? this.revealed : 0;
    if (!this.drawn) this.typedUntil = performance.now();
    // A resize can change how many pages the line takes: stay on the page with the text read so far.
    this.pages = paginate(layout, textBox.height - (origin.y - textBox.y));
    this.page = this.drawn ? pageAt(this.pages, shown) : 0;
    this.holdTypewriter();
    this.drawn = { layout, origin, fontSize, rubyHeight, textBox, metrics: metrics.metrics };
    this.drawnFinal = fontReady(font, line.text);
    this.drawPage(this.drawn, resolution);
    if (!sameGeometry(before, this.geometry())) this.events.geometry();
    this.events.progress(this.revealed, this.complete);
  }

  /** Draws the page on screen of the laid-out line. */
  private drawPage(drawn: Drawn, resolution: number): void {
    drawn.layout = this.pages[this.page]!.layout;
    const font = cssFont(DIALOGUE_WEIGHT, drawn.fontSize, DIALOGUE_FAMILY);
    this.text.draw(drawn.layout, { font, fontSize: drawn.fontSize, metrics: drawn.metrics, color: TEXT_COLOR, shadow: TEXT_SHADOW }, resolution, drawn.origin);
    this.text.reveal(this.revealed);
    this.placeIndicator();
  }

  /**
   * A font face arrived somewhere in the page. Only a line drawn before its own faces were in (a font time-out)
   * needs measuring and drawing again; the usual case, our own load finishing, must not redraw it twice.
   */
  refreshFonts(context: StageContext): void {
    if (!this.nameFinal) this.nameKey = '';
    // A line still waiting for its fonts is drawn with whatever arrived once it is done waiting.
    if (this.waiting || (this.drawnFinal && this.nameFinal)) return;
    this.layout(context);
  }

  private clearName(): void {
    this.name.clear();
    this.nameKey = '';
    this.nameFinal = true;
    this.plate.clear();
  }

  /**
   * The speaker's name on a pill straddling the panel's top edge; narration has none. Drawn like the line
   * itself (glyphs into a canvas), which on a cold start costs a fraction of a Pixi Text's font probing.
   */
  private layoutName(context: StageContext, speaker: string | null): void {
    const { fit, resolution } = context;
    // The same speaker at the same size keeps the plate: most lines in a row share one, and rasterising the
    // name again would only add work to the frame that draws the new line.
    const key = JSON.stringify([speaker, fit.scale, fit.offsetX, fit.offsetY, fit.orientation, resolution]);
    if (key === this.nameKey) return;
    this.clearName();
    if (!speaker) return;
    const { plate } = sceneGeometry(fit.orientation);
    const s = fit.scale;
    const fontSize = plate.fontSize * s;
    const font = cssFont(NAME_WEIGHT, fontSize, NAME_FAMILY);
    const metrics = new GlyphMetrics(font, fontSize);
    const tracking = 0.04 * fontSize;
    const layout = layoutText(speaker, {
      maxWidth: Number.POSITIVE_INFINITY,
      lineHeight: fontSize * 1.3,
      rubyHeight: 0,
      measure: (g) => metrics.measure(g) + tracking,
      kerning: metrics.kerning,
    });
    const inkWidth = Math.max(0, layout.width - tracking);
    const anchor = designToCss(fit, { x: plate.x, y: plate.centerY, width: 0, height: 0 });
    const height = plate.height * s;
    const width = Math.max(height * 2.4, inkWidth + 2 * plate.paddingX * s);
    const x = snapToDevicePixel(anchor.x, resolution);
    const y = snapToDevicePixel(anchor.y - height / 2, resolution);
    this.plate
      .roundRect(x, y, width, height, height / 2)
      .fill({ color: 0xb9557b, alpha: 0.97 })
      .stroke({ width: Math.max(1, 1.5 * s), color: 0xffffff, alpha: 0.38, alignment: 1 });
    const origin = {
      x: snapToDevicePixel(x + (width - inkWidth) / 2, resolution),
      y: snapToDevicePixel(y + (height - layout.height) / 2, resolution),
    };
    this.name.draw(layout, { font, fontSize, metrics: metrics.metrics, color: NAME_COLOR, shadow: null }, resolution, origin);
    this.name.reveal(speaker.length);
    this.nameKey = key;
    this.nameFinal = fontReady(font, speaker);
  }

  /** After the last revealed grapheme, when the line is complete and a mark is asked for. */
  private placeIndicator(): void {
    const drawn = this.drawn;
    // A page with more after it always shows the "more" mark once it is shown in full.
    const kind = !drawn || !this.line || !this.pageShown ? null : this.lastPage ? (this.complete ? this.continueKind : null) : 'more';
    if (!drawn || !kind) {
      this.indicator.place(null, 0, 0, 0);
      return;
    }
    const { layout, origin, fontSize, metrics } = drawn;
    const visible = layout.glyphs.filter((g) => !/^\s+$/u.test(g.text));
    const last = visible.at(-1);
    const lineHeight = layout.lines.length > 0 ? layout.height / layout.lines.length - drawn.rubyHeight : fontSize * 1.5;
    const top = last ? last.y : drawn.rubyHeight;
    const x = last ? last.x + last.width + fontSize * 0.28 : 0;
    // Centred on the ink of a full-width character, which sits a little above the line box's middle.
    const centerY = top + baselineIn(last?.height ?? lineHeight, metrics) - fontSize * 0.37;
    this.indicator.place(kind, origin.x + x, origin.y + centerY, fontSize);
  }

  tick(elapsedMs: number, context: StageContext): boolean {
    let changed = false;
    if (this.fade && !this.fade.done) {
      this.fade.advance(elapsedMs);
      const alpha = this.line ? this.fade.progress : 1 - this.fade.progress;
      this.world.alpha = this.screen.alpha = alpha;
      changed = true;
    } else {
      const alpha = this.line ? 1 : 0;
      if (this.world.alpha !== alpha) {
        this.world.alpha = this.screen.alpha = alpha;
        changed = true;
      }
    }
    // The typewriter's clock runs from the moment the line was drawn, not from the previous frame: waiting
    // for fonts must not count as reading time.
    const now = performance.now();
    const typed = this.screen.visible ? Math.max(0, now - this.typedUntil) : 0;
    this.typedUntil = now;
    if (this.drawn && this.typewriter?.advance(typed)) {
      this.text.reveal(this.revealed);
      this.placeIndicator();
      this.events.progress(this.revealed, this.complete);
      changed = true;
    }
    if (this.indicator.tick(elapsedMs, context.reducedMotion)) changed = true;
    return changed;
  }

  destroy(): void {
    this.token++;
    this.clearName();
    this.name.destroy();
    this.text.destroy();
    this.indicator.destroy();
    this.world.destroy({ children: true });
    this.screen.destroy({ children: true });
  }
}

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

function sameGeometry(a: TextGeometry | null, b: TextGeometry | null): boolean {
  if (!a || !b) return a === b;
  if (a.glyphs.length !== b.glyphs.length || a.fontSize !== b.fontSize || a.rubyHeight !== b.rubyHeight) return false;
  return a.glyphs.every((g, i) => {
    const h = b.glyphs[i]!;
    return g.start === h.start && Math.abs(g.x - h.x) < 0.01 && Math.abs(g.y - h.y) < 0.01 && Math.abs(g.width - h.width) < 0.01;
  });
}
