// `npm run cluster`: three server processes on one PostgreSQL for local tries, on ports 3001-3003 (put a proxy
// from docs/deploy/ in front, or open any of them). DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/kotoba_tales,
// created when missing. Ctrl-C stops all three (each hands its scenes to the others as it goes).
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';

const count = Number(process.env.PROCESSES ?? 3);
const firstPort = Number(process.env.FIRST_PORT ?? 3001);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kotoba_tales';

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rowCount === 0) {
    await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    console.log(`created database ${name}`);
  }
  await client.end();
}

await ensureDatabase(databaseUrl);
// Built once here, not by three processes at the same time.
if (spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);

const children = Array.from({ length: count }, (_, i) => {
  const port = firstPort + i;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => console.log(`process on port ${port} exited (${signal ?? code})`));
  return child;
});
console.log(`${count} processes on ports ${firstPort}-${firstPort + count - 1}, database ${databaseUrl}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
  });
}
await Promise.all(children.map((child) => new Promise((resolve) => child.on('exit', resolve))));
