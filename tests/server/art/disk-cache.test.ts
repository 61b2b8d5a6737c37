import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe as describeAll, expect, it } from 'vitest';

// Pure rendering needs no database: run it once, not again in the PostgreSQL pass.
const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');
import { createDiskCache } from '../../../src/server/art/disk-cache';

describe('disk cache', () => {
  it('renders once for concurrent requests and serves the file afterwards', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'vn-cache-'));
    const cache = createDiskCache(root);
    let renders = 0;
    const produce = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return Buffer.from('picture');
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.getOrCreate('a/b', produce)));
    expect(renders).toBe(1);
    expect(results.every((r) => r.toString() === 'picture')).toBe(true);
    expect((await readFile(path.join(root, 'a', 'b.png'))).toString()).toBe('picture');
    expect(await readdir(path.join(root, 'a'))).toEqual(['b.png']);
    await cache.getOrCreate('a/b', produce);
    expect(renders).toBe(1);
  });

  it('keeps nothing when a render fails, so the next request tries again', async () => {
    const cache = createDiskCache(await mkdtemp(path.join(os.tmpdir(), 'vn-cache-')));
    await expect(cache.getOrCreate('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.getOrCreate('x', async () => Buffer.from('ok'))).toString()).toBe('ok');
  });
});
