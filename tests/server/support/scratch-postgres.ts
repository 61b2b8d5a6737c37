import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on the PostgreSQL server at `url`, dropped (with its connections) afterwards. */
export async function scratchPostgres(url: string, prefix = 'vn_bench') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    name,
    url: scratch.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
