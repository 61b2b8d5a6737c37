/**
 * Text the database and every reader can hold. PostgreSQL refuses NUL in text and jsonb, and a lone
 * UTF-16 surrogate is not a character at all: JSON.parse lets both through, so outside input is checked
 * here and model output is cleaned here.
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function isSafeText(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return !UNSAFE.test(text);
}

/** The text without NUL and lone surrogates; everything else is kept as it is. */
export function cleanText(text: string): string {
  return text.replace(UNSAFE, '');
}

/** Every string in a JSON value cleaned (keys too), for values written by a model. */
export function cleanDeep<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleanDeep) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [cleanText(key), cleanDeep(inner)])) as T;
  }
  return value;
}

/**
 * The path of the first string (or key) in a JSON value that is not safe text, e.g. `["name"]`, or
 * undefined when all of it is safe.
 */
export function unsafeTextPath(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextPath(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!isSafeText(key)) return [...path, key];
      const found = unsafeTextPath(inner, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The catalogue's words for such input, naming the field when there is one. */
export function unsafeTextMessage(path: (string | number)[]): string {
  const field = path.filter((part) => typeof part === 'string').join('.');
  return `${field || 'The request'} contains characters that are not allowed`;
}
