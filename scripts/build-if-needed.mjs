// Builds the web app when dist/ is missing or older than its sources, so `npm start` always serves the current app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');

function newestChange(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  if (entry === path.join(root, 'src', 'server')) return 0;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(root, p));
const stale = !existsSync(built) || sources.some((p) => existsSync(p) && newestChange(p) > statSync(built).mtimeMs);

if (stale) {
  console.log('Building the web app…');
  // The same steps as `npm run build`: the server expects the precompressed files and no source maps in dist/.
  for (const [command, args] of [
    ['npx', ['vite', 'build', '--logLevel', 'warn']],
    [process.execPath, ['scripts/precompress.mjs']],
  ]) {
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
