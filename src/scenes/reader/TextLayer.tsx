import type { ClipboardEvent, MouseEvent } from 'react';
import type { GlyphBox, TextGeometry } from '../../engine';

interface TextLayerProps {
  geometry: TextGeometry;
  /** The whole line; the layer holds the part the typewriter has shown. */
  text: string;
  language: 'ja' | 'en';
  /** UTF-16 length of the text shown so far. */
  revealed: number;
  /** A click that is not the end of a selection (the stage under the layer gets no clicks). */
  onClick: () => void;
}

/**
 * The revealed text of the line as real, invisible DOM text laid over the canvas glyphs, as PDF.js does over
 * its pages: each character sits on the box the stage drew it in, so a pop-up dictionary (Yomitan, 10ten)
 * finds the word under the pointer, the browser can select, copy and translate it, and furigana and the
 * grammar and vocabulary buttons stay above it. What lies between two glyphs (a line break) is kept in a
 * zero-width span, so the layer's text is the line's text exactly.
 */
export function TextLayer({ geometry, text, language, revealed, onClick }: TextLayerProps) {
  const pieces = textPieces(geometry.glyphs.filter((g) => g.end <= revealed), text);

  // Copying gives the line's own characters (no furigana, no line breaks the layout added).
  const copy = (event: ClipboardEvent<HTMLDivElement>) => {
    const range = selectedRange(event.currentTarget);
    if (!range) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', text.slice(range.start, range.end));
  };

  const click = (event: MouseEvent<HTMLDivElement>) => {
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && event.currentTarget.contains(selection.anchorNode)) return;
    onClick();
  };

  return (
    <div className="text-layer" lang={language} aria-hidden="true" onCopy={copy} onClick={click}>
      {pieces.map((piece) =>
        piece.box ? (
          <span
            key={piece.start}
            data-start={piece.start}
            style={{
              left: piece.box.x,
              top: piece.box.y,
              width: piece.box.width,
              height: piece.box.height,
              fontSize: geometry.fontSize,
              lineHeight: `${piece.box.height}px`,
            }}
          >
            {piece.text}
          </span>
        ) : (
          <span key={piece.start} data-start={piece.start} className="text-layer-gap">
            {piece.text}
          </span>
        ),
      )}
    </div>
  );
}

interface Piece {
  start: number;
  text: string;
  /** Where the glyph was drawn; null for what lies between two glyphs. */
  box: GlyphBox | null;
}

/** The glyphs on screen in text order, with whatever lies between two of them as a piece without a box. */
export function textPieces(glyphs: readonly GlyphBox[], text: string): Piece[] {
  const pieces: Piece[] = [];
  // From the first glyph on screen: a page after the first leaves out the text of the pages before it.
  let at = glyphs[0]?.start ?? 0;
  for (const g of glyphs) {
    if (g.start > at) pieces.push({ start: at, text: text.slice(at, g.start), box: null });
    pieces.push({ start: g.start, text: text.slice(g.start, g.end), box: g });
    at = g.end;
  }
  return pieces;
}

/** The selection inside `layer` as offsets into the line, or null when nothing of it is selected. */
function selectedRange(layer: HTMLElement): { start: number; end: number } | null {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const start = offsetOf(layer, range.startContainer, range.startOffset, 'start');
  const end = offsetOf(layer, range.endContainer, range.endOffset, 'end');
  return start !== null && end !== null && end > start ? { start, end } : null;
}

/** A DOM position as an offset into the line: within a piece's text, or at the edge of the layer. */
function offsetOf(layer: HTMLElement, node: Node, offset: number, edge: 'start' | 'end'): number | null {
  const pieces = [...layer.querySelectorAll<HTMLElement>('[data-start]')];
  if (pieces.length === 0) return null;
  const piece = (node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element))?.closest<HTMLElement>('[data-start]');
  if (piece && layer.contains(piece)) return Number(piece.dataset.start) + (node.nodeType === Node.TEXT_NODE ? offset : 0);
  // A selection that begins or ends outside the layer covers it up to its edge.
  if (!layer.contains(node)) {
    const first = pieces[0]!;
    const last = pieces.at(-1)!;
    const before = layer.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING;
    if (edge === 'start') return before ? Number(first.dataset.start) : null;
    return before ? null : Number(last.dataset.start) + (last.textContent?.length ?? 0);
  }
  // The layer itself: offset counts its child pieces.
  const child = pieces[Math.min(offset, pieces.length - 1)]!;
  return offset >= pieces.length ? Number(child.dataset.start) + (child.textContent?.length ?? 0) : Number(child.dataset.start);
}

/** The line offset of the glyph under a point of the viewport, or null when no glyph of the layer is there. */
export function offsetAtPoint(x: number, y: number): number | null {
  const piece = document.elementsFromPoint(x, y).find((element) => element.matches('.text-layer > [data-start]:not(.text-layer-gap)'));
  return piece instanceof HTMLElement ? Number(piece.dataset.start) : null;
}

/** The viewport box around the glyphs of `start`–`end` of the line, as the layer holds them now. */
export function glyphsRect(start: number, end: number): DOMRect | null {
  const boxes = [...document.querySelectorAll<HTMLElement>('.text-layer > [data-start]:not(.text-layer-gap)')]
    .filter((piece) => Number(piece.dataset.start) >= start && Number(piece.dataset.start) < end)
    .map((piece) => piece.getBoundingClientRect());
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  return new DOMRect(left, top, Math.max(...boxes.map((b) => b.right)) - left, Math.max(...boxes.map((b) => b.bottom)) - top);
}
