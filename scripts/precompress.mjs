// Runs after `vite build`: writes brotli and gzip copies of the built text files beside them, so the server
// sends the smallest encoding without compressing per request (src/server/http/web-app.ts), and moves the
// source maps out of dist/ so they are kept for the operator but never served.
// Usage: node scripts/precompress.mjs [dist directory]
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const sourcemaps = path.join(root, 'build', 'sourcemaps');

// Text formats only: fonts (woff, woff2) and pictures (png) are compressed already.
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
// Below this, the saving is smaller than the bother (and than a TCP packet).
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

/** Moves the maps of this build to build/sourcemaps/, replacing the previous build's. */
async function moveSourceMaps(files) {
  const maps = files.filter((file) => file.endsWith('.map'));
  // Nothing to move means this dist was processed already: keep the maps moved then.
  if (maps.length === 0) return 0;
  await rm(sourcemaps, { recursive: true, force: true });
  for (const file of maps) {
    const target = path.join(sourcemaps, path.relative(dist, file));
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file, target);
  }
  return maps.length;
}

async function compress(file) {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant that is not smaller would only cost the client a decode; the server falls back to the original.
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  return { file, original: content.length, br: Math.min(br.length, content.length), gz: Math.min(gz.length, content.length) };
}

const started = Date.now();
const moved = await moveSourceMaps(await filesUnder(dist));
const candidates = [];
for (const file of await filesUnder(dist)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  if ((await stat(file)).size > MIN_BYTES) candidates.push(file);
}
const results = await Promise.all(candidates.map(compress));
const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
const kB = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
console.log(
  `precompress: ${results.length} files, ${kB(total('original'))} → ${kB(total('br'))} brotli, ${kB(total('gz'))} gzip` +
    `${moved ? `; ${moved} source maps moved to ${path.relative(root, sourcemaps)}/` : ''} (${Date.now() - started} ms)`,
);
// The reader's stage (Pixi and @pixi/react) is its own chunk, loaded only with the reader; 92 kB gzip was the
// imperative stage's before it was declared with @pixi/react (docs/decisions.md, "Reader").
const stage = results.find((result) => /[/\\]ReaderStage-[^/\\]+\.js$/.test(result.file));
if (stage) console.log(`reader stage chunk: ${kB(stage.gz)} gzip (the imperative stage's was 92 kB)`);
