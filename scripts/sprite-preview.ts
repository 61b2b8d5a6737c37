// Renders character sprites in every emotion to PNGs, for whoever draws them to look at.
// Usage: npx tsx scripts/sprite-preview.ts [out-dir] [seed ...]
// Writes <seed>-<emotion>.png (transparent), <seed>-all.png (the seven emotions side by side),
// <seed>-faces.png (the seven heads at full size)
// and contact-sheet.png (every seed, neutral), each on a light backdrop so they are easy to judge.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { EMOTIONS, type Appearance } from '../src/shared/art';
import { appearanceFromSeed } from '../src/server/art/appearance';
import { SPRITE_HEIGHT, SPRITE_WIDTH, spriteSvg } from '../src/server/art/sprite';

const [outDir = 'data/sprite-preview', ...given] = process.argv.slice(2);
const seeds = given.length ? given : ['aiko', 'kenji', 'sora', 'yuki', 'tomas', 'seed-1', 'seed-4', 'seed-6', 'seed-9', 'seed-14', 'seed-22', 'seed-28'];

const render = (svg: string) => new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
const inner = (svg: string) => svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');

/** Several sprites side by side at half size, on a soft backdrop. */
function sheet(svgs: string[], scale = 0.5): string {
  const w = SPRITE_WIDTH * scale;
  const h = SPRITE_HEIGHT * scale;
  const cells = svgs.map((svg, i) => `<g transform="translate(${i * w} 0) scale(${scale})">${inner(svg)}</g>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w * svgs.length}" height="${h}" viewBox="0 0 ${w * svgs.length} ${h}"><rect width="100%" height="100%" fill="#dfe6ee"/>${cells}</svg>`;
}

/**
 * The seven faces at full size, four to a row: the head cropped out of each rendered sprite.
 * (Cropping the PNG rather than the SVG: resvg 2.6 panics on layers that fall wholly outside its canvas.)
 */
function faces(pngs: Buffer[]): string {
  const [x, y, w, h] = [130, 40, 340, 400];
  const cells = pngs
    .map((png, i) => `<svg x="${(i % 4) * w}" y="${Math.floor(i / 4) * h}" width="${w}" height="${h}"><image x="${-x}" y="${-y}" width="${SPRITE_WIDTH}" height="${SPRITE_HEIGHT}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`)
    .join('');
  const rows = Math.ceil(pngs.length / 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w * 4}" height="${h * rows}" viewBox="0 0 ${w * 4} ${h * rows}"><rect width="100%" height="100%" fill="#dfe6ee"/>${cells}</svg>`;
}

mkdirSync(outDir, { recursive: true });
const neutral: string[] = [];
const timings: number[] = [];
for (const seed of seeds) {
  const appearance: Appearance = appearanceFromSeed(seed);
  console.log(seed, JSON.stringify(appearance));
  const svgs: string[] = [];
  const pngs: Buffer[] = [];
  for (const emotion of EMOTIONS) {
    const started = performance.now();
    const svg = spriteSvg(appearance, emotion);
    const png = render(svg);
    timings.push(performance.now() - started);
    writeFileSync(path.join(outDir, `${seed}-${emotion}.png`), png);
    svgs.push(svg);
    pngs.push(png);
  }
  neutral.push(svgs[0]!);
  writeFileSync(path.join(outDir, `${seed}-all.png`), render(sheet(svgs)));
  writeFileSync(path.join(outDir, `${seed}-faces.png`), render(faces(pngs)));
}
writeFileSync(path.join(outDir, 'contact-sheet.png'), render(sheet(neutral, 0.4)));
const mean = timings.reduce((sum, t) => sum + t, 0) / timings.length;
console.log(`${timings.length} sprites in ${outDir}, ${mean.toFixed(1)} ms each (SVG + PNG), slowest ${Math.max(...timings).toFixed(1)} ms`);
