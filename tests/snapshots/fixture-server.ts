/**
 * Serves the snapshot fixture with Vite's dev server from inside the test run, so no production build ever
 * contains it. The fixture imports the engine from src/ and fonts from node_modules, hence fs.allow.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

export interface FixtureServer {
  url: string;
  close(): Promise<void>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const server: ViteDevServer = await createServer({
    configFile: false,
    root: path.join(here, 'fixture'),
    cacheDir: path.join(repoRoot, 'node_modules/.vite-snapshot-fixture'),
    logLevel: 'error',
    server: { port: 0, host: '127.0.0.1', strictPort: false, hmr: false, fs: { allow: [repoRoot] } },
    // Cases written in TSX (a DOM overlay component, say) compile without importing React.
    oxc: { jsx: { runtime: 'automatic' } },
    // Bundled up front: discovering pixi.js on first request would make Vite reload the page mid-test.
    optimizeDeps: { include: ['pixi.js', 'pixi.js/unsafe-eval', '@pixi/react', 'react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'], entries: ['index.html', 'layers.html'] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('fixture server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => server.close(),
  };
}
