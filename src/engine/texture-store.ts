/**
 * Pictures by URL, loaded once and shared: a sprite that comes back to an earlier emotion, or two layers
 * showing the same picture, reuse one texture. Holders take a reference and give it back; a few unused
 * textures are kept for a quick return and the rest freed, and `destroy` frees everything this store loaded.
 * Loading never rejects: a picture that fails is `null` and the caller shows its fallback.
 */
import { ImageSource, Texture } from 'pixi.js';

interface Entry {
  url: string;
  promise: Promise<Texture | null>;
  texture: Texture | null;
  /** The decoded picture, closed with its texture (an ImageBitmap holds memory until closed). */
  picture?: ImageBitmap | HTMLImageElement;
  refs: number;
  /** When it last became unused, for the least-recently-used trim. */
  idleSince: number;
}

/** Textures kept alive without a holder. */
const KEEP_UNUSED = 6;

export interface TextureHandle {
  texture: Texture;
  release(): void;
}

/**
 * Fetches and decodes a picture off the main thread (createImageBitmap on the response), so a new sprite or
 * background never stalls the typewriter with a synchronous decode at first draw. Where fetch is refused
 * (a cross-origin picture without CORS) an <img> element, decoded ahead with decode(), is the fallback.
 */
async function loadPicture(url: string): Promise<ImageBitmap | HTMLImageElement> {
  let response: Response | undefined;
  try {
    response = await fetch(url);
  } catch {
    response = undefined;
  }
  if (response) {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return createImageBitmap(await response.blob());
  }
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  await image.decode();
  return image;
}

function free(entry: Entry): void {
  entry.texture?.destroy(true);
  if (entry.picture && 'close' in entry.picture) entry.picture.close();
  entry.texture = null;
}

export class TextureStore {
  private readonly entries = new Map<string, Entry>();
  private destroyed = false;
  private clock = 0;

  /** Loads (or reuses) the picture at `url`; resolves to a held texture, or null if it cannot be loaded. */
  async acquire(url: string): Promise<TextureHandle | null> {
    let entry = this.entries.get(url);
    if (!entry) {
      const fresh: Entry = { url, promise: Promise.resolve(null), texture: null, refs: 0, idleSince: 0 };
      fresh.promise = loadPicture(url).then(
        (picture) => {
          if (this.destroyed || this.entries.get(url) !== fresh) {
            if ('close' in picture) picture.close();
            return null;
          }
          fresh.picture = picture;
          fresh.texture = new Texture({ source: new ImageSource({ resource: picture, label: url }), label: url });
          return fresh.texture;
        },
        () => {
          // Forget failures, so a later request tries again (the server may have finished drawing it).
          if (this.entries.get(url) === fresh) this.entries.delete(url);
          return null;
        },
      );
      this.entries.set(url, fresh);
      entry = fresh;
    }
    entry.refs++;
    const texture = await entry.promise;
    const held = entry;
    if (!texture || this.destroyed) {
      held.refs--;
      return null;
    }
    let released = false;
    return {
      texture,
      release: () => {
        if (released) return;
        released = true;
        held.refs--;
        if (held.refs === 0) {
          held.idleSince = ++this.clock;
          this.trim();
        }
      },
    };
  }

  /** Frees the least recently used unheld textures beyond the few kept. */
  private trim(): void {
    const idle = [...this.entries.values()].filter((e) => e.refs === 0 && e.texture).sort((a, b) => a.idleSince - b.idleSince);
    for (const entry of idle.slice(0, Math.max(0, idle.length - KEEP_UNUSED))) {
      this.entries.delete(entry.url);
      free(entry);
    }
  }

  destroy(): void {
    this.destroyed = true;
    for (const entry of this.entries.values()) free(entry);
    this.entries.clear();
  }
}
