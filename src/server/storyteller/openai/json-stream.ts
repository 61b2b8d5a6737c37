/**
 * Reads a JSON object as it streams in and reports each value the moment it is complete: every
 * top-level member (`key`, value) and every element of a top-level array (`key`, index, value).
 * Only complete values are parsed, so a half-written line is never seen; text before the object
 * (a model's preamble or a ``` fence) is skipped.
 */
export type JsonStreamEvent =
  | { kind: 'member'; key: string; value: unknown }
  | { kind: 'element'; key: string; index: number; value: unknown };

export class JsonStreamError extends Error {}

export function createJsonStream() {
  let text = '';
  let at = 0;
  let started = false;
  let done = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  // The top-level member being read: where its key starts and ends, where its value starts.
  let keyStart = -1;
  let key: string | null = null;
  let valueStart = -1;
  let valueIsArray = false;
  let elementStart = -1;
  let elementIndex = 0;

  const parse = (from: number, to: number) => {
    try {
      return JSON.parse(text.slice(from, to)) as unknown;
    } catch {
      throw new JsonStreamError('The model wrote invalid JSON.');
    }
  };

  /** Feeds more text; returns the values completed by it. */
  function push(chunk: string): JsonStreamEvent[] {
    text += chunk;
    const out: JsonStreamEvent[] = [];
    for (; at < text.length && !done; at++) {
      const ch = text[at]!;
      if (!started) {
        if (ch === '{') {
          started = true;
          depth = 1;
        }
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === '\\') escaped = true;
        else if (ch === '"') {
          inString = false;
          if (depth === 1 && key === null) key = String(parse(keyStart, at + 1));
        }
        continue;
      }
      if (ch === '"') {
        inString = true;
        if (depth === 1 && key === null) keyStart = at;
        else if (depth === 1 && valueStart < 0) valueStart = at;
        else if (depth === 2 && valueIsArray && elementStart < 0) elementStart = at;
        continue;
      }
      if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') continue;
      if (depth === 1) {
        if (ch === ':') continue;
        if (ch === ',' || ch === '}') {
          endMember(at, out);
          done = ch === '}';
          continue;
        }
        if (key !== null && valueStart < 0) {
          valueStart = at;
          valueIsArray = ch === '[';
          elementIndex = 0;
        }
      } else if (depth === 2 && valueIsArray) {
        if (ch === ',' || ch === ']') {
          if (elementStart >= 0) endElement(at, out);
          if (ch === ']') depth--;
          continue;
        }
        if (elementStart < 0) elementStart = at;
      }
      if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        // An object or array element is reported at its closing bracket, before any comma arrives.
        if (depth === 2 && valueIsArray && elementStart >= 0) endElement(at + 1, out);
      }
    }
    return out;
  }

  function endElement(end: number, out: JsonStreamEvent[]) {
    out.push({ kind: 'element', key: key!, index: elementIndex++, value: parse(elementStart, end) });
    elementStart = -1;
  }

  function endMember(end: number, out: JsonStreamEvent[]) {
    if (key !== null && valueStart >= 0) out.push({ kind: 'member', key, value: parse(valueStart, end) });
    key = null;
    keyStart = -1;
    valueStart = -1;
    valueIsArray = false;
  }

  return {
    push,
    /** True once the closing brace of the object has been read. */
    get complete() {
      return done;
    },
  };
}
