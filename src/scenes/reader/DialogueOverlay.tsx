import type { TextGeometry } from '../../engine';
import type { DetectedGrammarPattern, VocabularyWord } from '../../shared/language';
import type { WordState } from '../../shared/words';
import type { Ruby } from '../line-markup';
import type { ViewMode } from '../session';
import { hitAreas, rubyFontSize, spanRects } from './text-boxes';

export type Highlight = { kind: 'grammar'; pattern: DetectedGrammarPattern } | { kind: 'vocabulary'; word: VocabularyWord };

/**
 * The highlights to show: in grammar or vocabulary mode, once the line is shown in full, and only the
 * analysis of the line on screen (between scenes there is no line, and an old analysis must not show).
 */
export function shownHighlights(
  mode: ViewMode,
  analysis: { text: string; highlights: Highlight[] } | null,
  lineText: string | undefined,
  revealed: boolean,
): Highlight[] {
  if (mode !== 'grammar' && mode !== 'vocabulary') return [];
  if (!analysis || lineText === undefined || analysis.text !== lineText || !revealed) return [];
  // Right after a switch between the two modes, the analysis still holds the other mode's highlights.
  return analysis.highlights.filter((highlight) => highlight.kind === mode);
}

const STATUS_NAMES = { new: 'new', known: 'known', ignored: 'ignored' } as const;
/** How a word's status is said: the colours have words too (WCAG 1.4.1). */
export const statusName = (state: WordState) => (state.status === 'learning' ? `learning ${state.stage} of 4` : STATUS_NAMES[state.status]);

function labelOf(highlight: Highlight, state: WordState | undefined, due: boolean) {
  if (highlight.kind === 'grammar') return `Grammar: ${highlight.pattern.pattern} (${highlight.pattern.matched_text})`;
  const said = [state ? statusName(state) : '', due ? 'due for review' : ''].filter(Boolean).join(', ');
  return said ? `Word: ${highlight.word.surface} (${said})` : `Word: ${highlight.word.surface}`;
}

/** The highlight's classes: in vocabulary mode, each word drawn by what the learner knows of it. */
function classOf(highlight: Highlight, state: WordState | undefined, due: boolean) {
  const base = `hit hit-${highlight.kind}${due ? ' hit-word--due' : ''}`;
  if (!state) return base;
  return state.status === 'learning' ? `${base} hit-word--learning hit-word--stage-${state.stage}` : `${base} hit-word--${state.status}`;
}

interface DialogueOverlayProps {
  geometry: TextGeometry;
  mode: ViewMode;
  /** Furigana over the revealed characters, in any mode. */
  furigana: boolean;
  /** UTF-16 length of the text the typewriter has shown. */
  revealed: number;
  rubies: readonly Ruby[];
  highlights: readonly Highlight[];
  /** The learner's status of a word by its key, to draw vocabulary highlights by. */
  wordStatus?: (key: string) => WordState;
  /** Whether a word's review card is due: marked wherever a scene happens to contain it. */
  isDue?: (key: string) => boolean;
  onOpen(highlight: Highlight, anchor: DOMRect): void;
}

/**
 * The DOM over the canvas text: furigana above the characters already shown, and in grammar or
 * vocabulary mode a button over each pattern or word, placed from the stage's own glyph boxes.
 */
export function DialogueOverlay({ geometry, mode, furigana, revealed, rubies, highlights, wordStatus, isDue, onOpen }: DialogueOverlayProps) {
  const rubySize = Math.max(9, Math.min(geometry.rubyHeight * 0.82, geometry.fontSize * 0.55));
  // Each highlight is drawn over its characters (one box per text line it covers) and pressed through a
  // box at least 24 px square around that (WCAG 2.2 target size), so short words are easy to hit.
  const targets = highlights.flatMap((highlight) => {
    const { start, end } = highlight.kind === 'grammar' ? highlight.pattern : highlight.word;
    return spanRects(geometry.glyphs, start, end).map((rect, i) => ({
      highlight,
      key: `${highlight.kind}-${start}-${end}-${i}`,
      first: i === 0,
      mark: { x: rect.x - 1, y: rect.y - 2, width: rect.width + 2, height: rect.height + 4 },
    }));
  });
  const hits = hitAreas(targets.map((t) => t.mark));
  return (
    // Furigana alone is decoration (the line is read out in the live region); buttons make it a control.
    <div className="dialogue-overlay" aria-hidden={mode === 'none' ? true : undefined}>
      {furigana &&
        rubies
          .filter((ruby) => ruby.end <= revealed)
          .flatMap((ruby) =>
            spanRects(geometry.glyphs, ruby.start, ruby.end).map((rect, i) => (
              <span
                key={`${ruby.start}-${i}`}
                className="furigana"
                style={{
                  left: rect.x,
                  top: rect.y - geometry.rubyHeight,
                  width: rect.width,
                  height: geometry.rubyHeight,
                  fontSize: rubyFontSize(ruby.reading, rect.width, rubySize),
                }}
              >
                {ruby.reading}
              </span>
            )),
          )}
      {targets.map(({ highlight, key, first, mark }, k) => {
        const hit = hits[k]!;
        const state = highlight.kind === 'vocabulary' && wordStatus ? wordStatus(highlight.word.key) : undefined;
        const due = highlight.kind === 'vocabulary' && !!isDue?.(highlight.word.key);
        return (
          <button
            key={key}
            type="button"
            className={classOf(highlight, state, due)}
            style={{ left: hit.x, top: hit.y, width: hit.width, height: hit.height }}
            aria-label={labelOf(highlight, state, due)}
            tabIndex={first ? 0 : -1}
            onClick={(event) => {
              event.stopPropagation();
              // A mouse or tap leaves focus with the story, so Space after the popup advances.
              if (event.detail > 0) event.currentTarget.blur();
              const drawn = event.currentTarget.firstElementChild ?? event.currentTarget;
              onOpen(highlight, drawn.getBoundingClientRect());
            }}
          >
            <span className="hit-mark" style={{ left: mark.x - hit.x, top: mark.y - hit.y, width: mark.width, height: mark.height }} />
          </button>
        );
      })}
    </div>
  );
}
