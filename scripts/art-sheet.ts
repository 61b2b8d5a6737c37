// `npm run art:sheet`: one PNG with every archetype at two hours and three characters in all seven emotions.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { EMOTIONS, normalizeSetting, type Appearance } from '../src/shared/art';
import { appearanceFromSeed } from '../src/server/art/appearance';
import { ARCHETYPES } from '../src/server/art/archetypes/index';
import { backgroundSvg } from '../src/server/art/background';
import { svgToPng } from '../src/server/art/rasterise';
import { spriteSvg } from '../src/server/art/sprite';

const out = path.resolve(process.argv[2] ?? 'data/art-sheet.png');
const THUMB_W = 320;
const THUMB_H = 180;
const COLUMNS = 6;
const GAP = 8;
const SPRITE_W = 150;
const SPRITE_H = 225;

const image = (png: Buffer, x: number, y: number, w: number, h: number) =>
  `<image x="${x}" y="${y}" width="${w}" height="${h}" xlink:href="data:image/png;base64,${png.toString('base64')}"/>`;

const cells: string[] = [];
const tiles = await Promise.all(
  ARCHETYPES.flatMap((archetype) =>
    (['day', 'night'] as const).map(async (time) => ({
      archetype,
      png: await svgToPng(backgroundSvg(normalizeSetting({ location: archetype.id, time_of_day: time }), archetype)),
    })),
  ),
);
tiles.forEach(({ png }, index) => {
  const x = GAP + (index % COLUMNS) * (THUMB_W + GAP);
  const y = GAP + Math.floor(index / COLUMNS) * (THUMB_H + GAP);
  cells.push(image(png, x, y, THUMB_W, THUMB_H));
});
let top = GAP + Math.ceil(tiles.length / COLUMNS) * (THUMB_H + GAP) + GAP;
// Three characters that differ in hair colour, hair style and presentation, so the sheet shows the range.
const cast: Appearance[] = [];
for (let i = 0; cast.length < 3; i++) {
  const candidate = appearanceFromSeed(`sheet-character-${i}`);
  const distinct = cast.every(
    (other) =>
      other.hair_color !== candidate.hair_color &&
      other.hair_style !== candidate.hair_style &&
      other.outfit !== candidate.outfit,
  );
  if (distinct && !cast.some((other) => other.gender_presentation === candidate.gender_presentation)) cast.push(candidate);
}
for (const appearance of cast) {
  const pngs = await Promise.all(EMOTIONS.map((emotion) => svgToPng(spriteSvg(appearance, emotion))));
  EMOTIONS.forEach((_emotion, index) => {
    const png = pngs[index]!;
    cells.push(`<rect x="${GAP + index * (SPRITE_W + GAP)}" y="${top}" width="${SPRITE_W}" height="${SPRITE_H}" fill="#d9d4e6"/>`);
    cells.push(image(png, GAP + index * (SPRITE_W + GAP), top, SPRITE_W, SPRITE_H));
  });
  top += SPRITE_H + GAP;
}
const width = GAP + COLUMNS * (THUMB_W + GAP);
const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${top}"><rect width="100%" height="100%" fill="#f4f1ea"/>${cells.join('')}</svg>`;
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
console.log(`Contact sheet: ${out} (${ARCHETYPES.length} places at day and night, 3 characters × ${EMOTIONS.length} emotions)`);
