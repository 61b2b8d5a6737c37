// `npm run bench`: every benchmark in this folder, one after another; each prints ratios from one run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const folder = import.meta.dirname;
for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts')).sort()) {
  console.log(`\n▶ ${file}`);
  const result = spawnSync('npx', ['tsx', path.join(folder, file)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
