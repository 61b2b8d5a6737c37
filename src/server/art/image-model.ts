import { svgToPng } from './rasterise';
import { z } from 'zod';

/** SPEC §7: image generation gets 180 s. */
export const IMAGE_TIMEOUT_MS = 180_000;

export interface ImageModelOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const generationResponse = z.object({
  data: z.array(z.object({ b64_json: z.string().optional(), url: z.string().optional() })).min(1),
});

export class ImageModelError extends Error {}

function imageKind(bytes: Buffer): 'png' | 'jpeg' | 'webp' | undefined {
  if (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length > 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/**
 * Fits any returned picture into our frame (cover for backgrounds, contain for sprites) and re-encodes
 * it as PNG, so every image we serve has the size the reader expects whatever the model produced.
 */
export async function fitImage(bytes: Buffer, width: number, height: number, fit: 'cover' | 'contain'): Promise<Buffer> {
  const kind = imageKind(bytes);
  if (!kind) throw new ImageModelError('the image model returned bytes that are not an image');
  const aspect = fit === 'cover' ? 'xMidYMid slice' : 'xMidYMax meet';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}"><image width="${width}" height="${height}" preserveAspectRatio="${aspect}" xlink:href="data:image/${kind};base64,${bytes.toString('base64')}"/></svg>`;
  return svgToPng(svg);
}

/** A client for any OpenAI-compatible images API (`POST {base}/images/generations`). */
export function createImageModel(options: ImageModelOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? IMAGE_TIMEOUT_MS;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function download(url: string, signal: AbortSignal): Promise<Buffer> {
    const response = await doFetch(url, { signal });
    if (!response.ok) throw new ImageModelError(`image download failed with HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  return {
    async generate(prompt: string, size: '1536x1024' | '1024x1536'): Promise<Buffer> {
      const signal = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await doFetch(`${base}/images/generations`, {
          method: 'POST',
          signal,
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: options.model, prompt, n: 1, size, response_format: 'b64_json' }),
        });
      } catch (error) {
        throw new ImageModelError(signal.aborted ? `the image model did not answer within ${timeoutMs} ms` : String(error));
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new ImageModelError(`the image model answered HTTP ${response.status}: ${text.slice(0, 200)}`);
      }
      const parsed = generationResponse.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ImageModelError('the image model answered in an unexpected shape');
      const [first] = parsed.data.data;
      if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
      if (first?.url) return download(first.url, signal);
      throw new ImageModelError('the image model answered without an image');
    },
  };
}

export type ImageModel = ReturnType<typeof createImageModel>;
