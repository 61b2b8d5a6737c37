/**
 * The dialogue box: the panel, the speaker's name plate, the line's text revealed by the typewriter and the
 * continue mark. The panel is a shape in design units; the name and the text are laid out and drawn in CSS
 * px at the screen's density, and the text's glyph boxes are what the DOM overlay aligns furigana and hit
 * areas to, so they are published (`geometry`) exactly as drawn.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { ContinueIndicator, type ContinueKind } from './continue-indicator';
import { DialogueText, baselineIn } from './dialogue-text';
import { cssFont, DIALOGUE_FAMILY, DIALOGUE_WEIGHT, fontReady, loadFont, NAME_FAMILY, NAME_WEIGHT } from './fonts';
import { GlyphMetrics, type FontMetrics } from './glyph-metrics';
import { easeInOutSine, Transition, TRANSITION_MS } from './motion';
import { sceneGeometry } from './scene-geometry';
import type { StageContext } from './stage-context';
import { designToCss, snapToDevicePixel } from './stage-fit';
import { layoutText, type GlyphBox, type Rect, type TextLayout } from './text-layout';
import { Typewriter } from './typewriter';

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
  private name: Text | null = null;
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
    this.screen.addChild(this.plate, this.text.view, this.indicator.view);
    this.screen.alpha = 0;
  }

  get revealed(): number {
    if (!this.line || !this.typewriter) return 0;
    if (this.drawn) return this.typewriter.revealed;
    return this.typewriter.complete ? this.line.text.length : 0;
  }

  get complete(): boolean {
    return !this.typewriter || this.typewriter.complete;
  }

  /** True while fonts load, the box fades or the typewriter runs. */
  get busy(): boolean {
    return this.waiting || (this.fade !== null && !this.fade.done) || !this.complete;
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
    this.drawnFinal = false;
    this.text.clear();
    if (line?.speaker !== this.shownSpeaker) this.clearName();
    this.shownSpeaker = line?.speaker ?? null;
    this.typewriter = line ? new Typewriter(line.text, this.cps, line.instant) : null;
    if (wasShown !== (line !== null)) this.fade = new Transition(TRANSITION_MS, easeInOutSine);
    this.placeIndicator();
    this.events.progress(this.revealed, this.complete);
    this.events.geometry();
    if (!line) return;

    // Wait for the glyphs this line needs; on a time-out draw anyway and redraw when the fonts arrive.
    this.waiting = true;
    const fontSize = this.fontSize(this.context());
    const nameSize = sceneGeometry(this.context().fit.orientation).plate.fontSize * this.context().fit.scale;
    void Promise.all([
      loadFont(cssFont(DIALOGUE_WEIGHT, fontSize, DIALOGUE_FAMILY), line.text),
      line.speaker ? loadFont(cssFont(NAME_WEIGHT, nameSize, NAME_FAMILY), line.speaker) : true,
    ]).then(() => {
      if (token !== this.token || this.screen.destroyed) return;
      this.waiting = false;
      this.layout(this.context());
    });
  }

  setTextSpeed(cps: number): void {
    this.cps = cps;
    this.typewriter?.setSpeed(cps);
  }

  revealAll(): void {
    if (!this.typewriter?.revealAll()) return;
    if (this.drawn) this.text.reveal(this.typewriter.revealed);
    this.placeIndicator();
    this.events.progress(this.revealed, this.complete);
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
    if (!this.drawn) this.typedUntil = performance.now();
    this.drawn = { layout, origin, fontSize, rubyHeight, textBox, metrics: metrics.metrics };
    this.drawnFinal = fontReady(font, line.text);
    this.text.draw(layout, { font, fontSize, metrics: metrics.metrics, color: TEXT_COLOR, shadow: TEXT_SHADOW }, resolution, origin);
    this.text.reveal(this.revealed);
    this.placeIndicator();
    if (!sameGeometry(before, this.geometry())) this.events.geometry();
    this.events.progress(this.revealed, this.complete);
  }

  /**
   * A font face arrived somewhere in the page. Only a line drawn before its own faces were in (a font time-out)
   * needs measuring and drawing again; the usual case, our own load finishing, must not redraw it twice.
   */
  refreshFonts(context: StageContext): void {
    if (this.drawnFinal && this.nameFinal) return;
    this.nameKey = '';
    this.layout(context);
  }

  private clearName(): void {
    this.name?.destroy();
    this.name = null;
    this.nameKey = '';
    this.nameFinal = true;
    this.plate.clear();
  }

  /** The speaker's name on a pill straddling the panel's top edge; narration has none. */
  private layoutName(context: StageContext, speaker: string | null): void {
    const { fit, resolution } = context;
    // The same speaker at the same size keeps the plate: most lines in a row share one, and rasterising the
    // name again would only add work to the frame that draws the new line.
    const key = JSON.stringify([speaker, fit.scale, fit.offsetX, fit.offsetY, fit.orientation, resolution]);
    if (key === this.nameKey && this.name) return;
    this.clearName();
    if (!speaker) return;
    const { plate } = sceneGeometry(fit.orientation);
    const s = fit.scale;
    const name = new Text({
      text: speaker,
      resolution,
      style: { fontFamily: NAME_FAMILY, fontWeight: String(NAME_WEIGHT) as '700', fontSize: plate.fontSize * s, fill: 0xfff6f8, letterSpacing: 0.5 * s },
    });
    const anchor = designToCss(fit, { x: plate.x, y: plate.centerY, width: 0, height: 0 });
    const height = plate.height * s;
    const width = Math.max(height * 2.4, name.width + 2 * plate.paddingX * s);
    const x = snapToDevicePixel(anchor.x, resolution);
    const y = snapToDevicePixel(anchor.y - height / 2, resolution);
    this.plate
      .roundRect(x, y, width, height, height / 2)
      .fill({ color: 0xb9557b, alpha: 0.97 })
      .stroke({ width: Math.max(1, 1.5 * s), color: 0xffffff, alpha: 0.38, alignment: 1 });
    name.position.set(snapToDevicePixel(x + (width - name.width) / 2, resolution), snapToDevicePixel(y + (height - name.height) / 2, resolution));
    this.name = name;
    this.nameKey = key;
    this.nameFinal = fontReady(cssFont(NAME_WEIGHT, plate.fontSize * s, NAME_FAMILY), speaker);
    this.screen.addChildAt(name, this.screen.getChildIndex(this.plate) + 1);
  }

  /** After the last revealed grapheme, when the line is complete and a mark is asked for. */
  private placeIndicator(): void {
    const drawn = this.drawn;
    const kind = drawn && this.line && this.complete ? this.continueKind : null;
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
    const typed = Math.max(0, now - this.typedUntil);
    this.typedUntil = now;
    if (this.drawn && this.typewriter?.advance(typed)) {
      this.text.reveal(this.typewriter.revealed);
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
    this.text.destroy();
    this.indicator.destroy();
    this.world.destroy({ children: true });
    this.screen.destroy({ children: true });
  }
}

function sameGeometry(a: TextGeometry | null, b: TextGeometry | null): boolean {
  if (!a || !b) return a === b;
  if (a.glyphs.length !== b.glyphs.length || a.fontSize !== b.fontSize || a.rubyHeight !== b.rubyHeight) return false;
  return a.glyphs.every((g, i) => {
    const h = b.glyphs[i]!;
    return g.start === h.start && Math.abs(g.x - h.x) < 0.01 && Math.abs(g.y - h.y) < 0.01 && Math.abs(g.width - h.width) < 0.01;
  });
}
