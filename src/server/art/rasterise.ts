import { renderAsync } from '@resvg/resvg-js';

/** Rasterised on libuv's thread pool: a 100–300 ms render must not stall every socket on the event loop. */
export async function svgToPng(svg: string): Promise<Buffer> {
  return (await renderAsync(svg, { font: { loadSystemFonts: false } })).asPng();
}
