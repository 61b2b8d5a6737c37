/** A reading over part of a line: furigana for the characters from `start` to `end` (UTF-16 offsets). */
export interface Ruby {
  start: number;
  end: number;
  reading: string;
}

export interface LineMarkup {
  /** The line's text without markup: what the stage draws. */
  text: string;
  rubies: Ruby[];
}

/**
 * Reads the server's html_text (only <span data-t>, <ruby> and <rt>, everything else escaped) into the
 * plain text and its readings. The markup is never put into the page as HTML: it is parsed, and only
 * text and offsets come out. When the markup's text is not the line's text, the readings are dropped
 * rather than placed over the wrong characters.
 */
export function readLineMarkup(html: string, text: string): LineMarkup {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  let plain = '';
  const rubies: Ruby[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      plain += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'RT' || node.tagName === 'RP') return;
    if (node.tagName === 'RUBY') {
      const start = plain.length;
      node.childNodes.forEach(walk);
      const reading = [...node.querySelectorAll('rt')].map((rt) => rt.textContent ?? '').join('');
      if (reading && plain.length > start) rubies.push({ start, end: plain.length, reading });
      return;
    }
    node.childNodes.forEach(walk);
  };
  doc.body.childNodes.forEach(walk);
  if (plain !== text) return { text, rubies: [] };
  return { text, rubies };
}

/** A run of a line's text, with its reading when it is the base of a ruby. */
export interface MarkupSegment {
  text: string;
  reading?: string;
}

/** The line cut into plain runs and ruby bases, in order, for rendering as DOM (choices, for one). */
export function markupSegments({ text, rubies }: LineMarkup): MarkupSegment[] {
  const segments: MarkupSegment[] = [];
  let at = 0;
  for (const ruby of [...rubies].sort((a, b) => a.start - b.start)) {
    if (ruby.start < at) continue;
    if (ruby.start > at) segments.push({ text: text.slice(at, ruby.start) });
    segments.push({ text: text.slice(ruby.start, ruby.end), reading: ruby.reading });
    at = ruby.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}
