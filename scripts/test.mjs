// `npm test`: everything a change can break, in the order that fails fastest.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

const chromium = await findChromium();
if (!chromium) {
  console.error('Chromium not found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const steps = [
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  // As `npm run build` does: the server tests and the browser check the compressed files and that no map is served.
  ['precompress', process.execPath, ['scripts/precompress.mjs']],
  ['type check', 'npx', ['tsc', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['unit and integration tests', 'npx', ['vitest', 'run']],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
  // Last, on a quiet machine: its performance score measures this machine's speed as much as the page's.
  ['lighthouse (mobile)', 'npx', ['tsx', 'tests/lighthouse/run.ts']],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
