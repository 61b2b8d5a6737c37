import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const serverProject = (name: string, db: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/server/support/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

// The database suites run on PGlite always, and again on PostgreSQL when CI provides one.
const projects: TestProjectConfiguration[] = [serverProject('server-pglite', 'pglite')];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject('server-postgres', 'postgres'));
projects.push({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['tests/web/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['tests/web/setup.ts'],
  },
});

export default defineConfig({ test: { projects } });
