/**
 * The stage's typefaces and the wait for them. The fonts are web fonts split into unicode-range subsets
 * (@fontsource), so a face is only fetched once some text needs it: before measuring or drawing a line we
 * ask the browser to load the subsets that line uses, or the canvas would silently draw a fallback face
 * whose widths disagree with the layout.
 */

// The faces' rules are not in the page's first stylesheet (src/main.tsx): importing them here makes loading
// the engine wait for them, so the first line is measured with the real faces.
import '../ui/styles/font-faces.css';

export const DIALOGUE_FAMILY = '"Noto Sans JP", "Hiragino Sans", "Yu Gothic", "Meiryo", sans-serif';
export const DIALOGUE_WEIGHT = 400;
export const NAME_FAMILY = '"Zen Maru Gothic", "Noto Sans JP", "Hiragino Maru Gothic ProN", sans-serif';
export const NAME_WEIGHT = 700;

/** A CSS font shorthand, as both `document.fonts.load` and a canvas context take it. */
export function cssFont(weight: number, sizePx: number, family: string): string {
  return `${weight} ${Math.round(sizePx * 100) / 100}px ${family}`;
}

/** How long a line waits for its glyphs before it is drawn with whatever face is there (and redrawn later). */
export const FONT_WAIT_MS = 2500;

/**
 * Loads the faces `font` needs for `text`. Resolves true when they are in, false on time-out or failure;
 * never rejects, because a missing font must cost looks, not the story.
 */
export async function loadFont(font: string, text: string, timeoutMs = FONT_WAIT_MS): Promise<boolean> {
  const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
  if (!fonts?.load) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      fonts.load(font, text || ' ').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether every face `font` needs for `text` is loaded (so drawing it now is final). */
export function fontReady(font: string, text: string): boolean {
  const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
  try {
    return fonts?.check ? fonts.check(font, text || ' ') : false;
  } catch {
    return false;
  }
}

/** Calls `listener` whenever the browser finishes loading font faces (a late subset changes the widths). */
export function onFontsLoaded(listener: () => void): () => void {
  const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
  if (!fonts?.addEventListener) return () => {};
  fonts.addEventListener('loadingdone', listener);
  return () => fonts.removeEventListener('loadingdone', listener);
}
