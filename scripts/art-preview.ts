// Renders archetypes at four times of day to PNGs, for whoever draws them to look at.
// Usage: npx tsx scripts/art-preview.ts <archetype-id | all | path/to/archetype.ts> [out-dir] [weather] [atmosphere]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TIMES_OF_DAY, type Weather } from '../src/shared/art';
import { ARCHETYPES } from '../src/server/art/archetypes/index';
import type { Archetype } from '../src/server/art/archetypes/types';
import { backgroundSvg, findArchetype } from '../src/server/art/background';
import { svgToPng } from '../src/server/art/rasterise';

const [which = 'all', outDir = 'data/art-preview', weather = 'clear', atmosphere = 'neutral'] = process.argv.slice(2);

async function chosen(): Promise<Archetype[]> {
  if (which === 'all') return ARCHETYPES;
  if (which.endsWith('.ts')) {
    const module = (await import(pathToFileURL(path.resolve(which)).href)) as Record<string, unknown>;
    return Object.values(module).filter((value): value is Archetype => typeof (value as Archetype)?.draw === 'function');
  }
  return [findArchetype(which)];
}

mkdirSync(outDir, { recursive: true });
for (const archetype of await chosen()) {
  for (const time of TIMES_OF_DAY) {
    const setting = { location: archetype.id, time_of_day: time, weather: weather as Weather, atmosphere };
    const started = performance.now();
    const png = await svgToPng(backgroundSvg(setting, archetype));
    const file = path.join(outDir, `${archetype.id}-${time}-${weather}.png`);
    writeFileSync(file, png);
    console.log(`${file} (${Math.round(performance.now() - started)} ms)`);
  }
}
