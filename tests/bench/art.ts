// Cold procedural render against serving the cached file, for backgrounds and sprites, measured in one run.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { createArtService } from '../../src/server/art/service';
import { openDatabase } from '../../src/server/db/client';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vn-bench-art-'));
const database = openDatabase({ kind: 'pglite', client: new PGlite() });
await database.migrate();
const art = createArtService({ db: database.db, dataDir, log: pino({ level: 'silent' }) });

const places = ['classroom', 'beach', 'shrine', 'cafe', 'forest', 'train station', 'bedroom', 'festival'];
const hours = ['morning', 'night'];

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

let cold = 0;
let cached = 0;
let count = 0;
for (const location of places) {
  for (const time_of_day of hours) {
    const prepared = await art.prepareBackground({ location, time_of_day });
    cold += await time(() => prepared.ready);
    cached += await time(() => art.backgroundPng(prepared.key));
    count++;
  }
}
console.log(`backgrounds: cold render ${(cold / count).toFixed(1)} ms/image, cached serve ${(cached / count).toFixed(2)} ms/image, ratio ${(cold / cached).toFixed(0)}×`);

let spriteCold = 0;
let spriteCached = 0;
let sprites = 0;
for (let i = 0; i < 4; i++) {
  const { id } = await art.createCharacter({ name: `Bench ${i}` });
  for (const emotion of ['happy', 'sad', 'surprised']) {
    spriteCold += await time(() => art.spritePng(id, emotion));
    spriteCached += await time(() => art.spritePng(id, emotion));
    sprites++;
  }
}
console.log(`sprites: cold render ${(spriteCold / sprites).toFixed(1)} ms/image, cached serve ${(spriteCached / sprites).toFixed(2)} ms/image, ratio ${(spriteCold / spriteCached).toFixed(0)}×`);

await database.close();
await rm(dataDir, { recursive: true, force: true });
