import { Resvg } from '@resvg/resvg-js';

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** RGBA pixels of a PNG, decoded by drawing it with resvg at its own size. */
export function pixelsOf(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  const { width, height } = pngSize(png);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}"><image width="${width}" height="${height}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return { width, height, rgba: new Resvg(svg).render().pixels };
}

/** Share of pixels whose colour or alpha differs noticeably between two same-sized PNGs. */
export function differingShare(a: Buffer, b: Buffer): number {
  const pa = pixelsOf(a);
  const pb = pixelsOf(b);
  if (pa.width !== pb.width || pa.height !== pb.height) return 1;
  let differing = 0;
  for (let i = 0; i < pa.rgba.length; i += 4) {
    const delta =
      Math.abs(pa.rgba[i]! - pb.rgba[i]!) +
      Math.abs(pa.rgba[i + 1]! - pb.rgba[i + 1]!) +
      Math.abs(pa.rgba[i + 2]! - pb.rgba[i + 2]!) +
      Math.abs(pa.rgba[i + 3]! - pb.rgba[i + 3]!);
    if (delta > 40) differing++;
  }
  return differing / (pa.width * pa.height);
}
