import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { fontPreloads } from './scripts/vite-font-preloads';
import { landingPreload } from './scripts/vite-landing-preload';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    fontPreloads(),
    landingPreload(),
  ],
  resolve: {
    // Zod without its eval-compiled parsers, which the app's Content-Security-Policy forbids (src/zod-browser.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-browser.ts', import.meta.url)) }],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
  // Maps are written for the operator but not linked from the bundles; scripts/precompress.mjs moves them out of
  // dist/ (to build/sourcemaps/), so the server never hands out the source.
  build: { outDir: 'dist', sourcemap: 'hidden' },
});
