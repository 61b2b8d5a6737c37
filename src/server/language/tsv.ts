import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ASSETS_DIR = path.resolve(import.meta.dirname, '../../../assets');

/** Rows of a tab-separated asset with a header line, as objects keyed by the header's names. */
export function readTsv(relativePath: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path.join(ASSETS_DIR, relativePath), 'utf8').split('\n');
  const names = (header ?? '').trim().split('\t');
  return lines
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const cells = line.split('\t');
      return Object.fromEntries(names.map((name, i) => [name, (cells[i] ?? '').trim()]));
    });
}
