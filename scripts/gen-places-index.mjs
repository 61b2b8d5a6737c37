// Writes src/server/art/archetypes/index.ts from the drawings in src/server/art/places/.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const placesDir = path.join(root, 'src/server/art/places');
const entries = readdirSync(placesDir)
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .map((file) => {
    const name = readFileSync(path.join(placesDir, file), 'utf8').match(/export const (\w+): Archetype/)?.[1];
    if (!name) throw new Error(`${file} exports no Archetype`);
    return { file: file.replace(/\.ts$/, ''), name };
  });
const lines = [
  ...entries.map(({ file, name }) => `import { ${name} } from '../places/${file}';`),
  "import type { Archetype } from './types';",
  '',
  '/** Every place the procedural renderer can draw. Order matters only for keyword ties: earlier wins. */',
  `export const ARCHETYPES: Archetype[] = [${entries.map((e) => e.name).join(', ')}];`,
  '',
];
writeFileSync(path.join(root, 'src/server/art/archetypes/index.ts'), lines.join('\n'));
console.log(`${entries.length} archetypes: ${entries.map((e) => e.name).join(', ')}`);
