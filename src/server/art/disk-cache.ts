import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Rendered images on disk under one folder, written atomically (temp file, then rename) so a reader never
 * sees half a file, with concurrent requests for one key sharing one render.
 */
export function createDiskCache(root: string) {
  const inFlight = new Map<string, Promise<Buffer>>();
  const fileFor = (key: string) => path.join(root, `${key}.png`);

  async function read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(fileFor(key));
    } catch {
      return undefined;
    }
  }

  async function write(key: string, bytes: Buffer): Promise<void> {
    const file = fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  }

  return {
    read,
    /** The cached bytes, or `produce()`'s, stored for next time. */
    getOrCreate(key: string, produce: () => Promise<Buffer>): Promise<Buffer> {
      const pending = inFlight.get(key);
      if (pending) return pending;
      const task = (async () => {
        const cached = await read(key);
        if (cached) return cached;
        const bytes = await produce();
        await write(key, bytes);
        return bytes;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, task);
      return task;
    },
  };
}

export type DiskCache = ReturnType<typeof createDiskCache>;
