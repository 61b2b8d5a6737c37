import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMOTIONS } from '../../../src/shared/art';
import { createImageModel } from '../../../src/server/art/image-model';
import { createArtService, type ArtService } from '../../../src/server/art/service';
import type { DatabaseHandle } from '../../../src/server/db/client';
import { startTestServer, type TestServer } from '../support/app';
import { freshDatabase } from '../support/database';
import { startFakeImageApi } from './fake-image-api';
import { differingShare, pixelsOf, pngSize } from './pixels';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vn-art-'));
  server = await startTestServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('sprite endpoint (SPEC §7)', () => {
  it('answers 404 unless the id is a version-4 UUID of an existing character', async () => {
    expect((await get('/api/characters/not-a-uuid/sprite/happy')).statusCode).toBe(404);
    // A version-1 UUID is not valid (SPEC §3), even in the right shape.
    expect((await get('/api/characters/6ba7b810-9dad-11d1-80b4-00c04fd430c8/sprite/happy')).statusCode).toBe(404);
    expect((await get('/api/characters/3f2b9c1e-8d4a-4b6e-9f1a-2c3d4e5f6a7b/sprite/happy')).statusCode).toBe(404);
  });

  it('serves a transparent 600×900 PNG with an ETag and long-lived caching', async () => {
    const { id } = await server.app.art.createCharacter({ name: 'Haruka' });
    const response = await get(`/api/characters/${id}/sprite/happy?gen=abc`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    const png = response.rawPayload;
    expect(pngSize(png)).toEqual({ width: 600, height: 900 });
    expect(pixelsOf(png).rgba[3]).toBe(0);
    const again = await get(`/api/characters/${id}/sprite/happy`, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('maps synonyms onto the seven emotions and unknown words to neutral', async () => {
    const { id } = await server.app.art.createCharacter({ name: 'Ren' });
    const bytes = async (emotion: string) => (await get(`/api/characters/${id}/sprite/${emotion}`)).rawPayload;
    expect((await bytes('excited')).equals(await bytes('happy'))).toBe(true);
    expect((await bytes('embarrassed')).equals(await bytes('blushing'))).toBe(true);
    expect((await bytes('flabbergasted')).equals(await bytes('neutral'))).toBe(true);
  });

  it('keeps a storyteller’s appearance', async () => {
    const appearance = {
      hair_style: 'twintails',
      hair_color: '#ff88cc',
      eye_color: '#2255aa',
      skin_tone: '#f1c9a5',
      outfit: 'kimono',
      outfit_color: '#aa3344',
      accessories: ['ribbon'],
      age: 'teen',
      gender_presentation: 'feminine',
    };
    const created = await server.app.art.createCharacter({ name: 'Mei', appearance });
    expect(created.appearance).toEqual(appearance);
  });
});

describe('background URLs', () => {
  it('hands out a servable URL for a setting and keeps it stable', async () => {
    const first = await server.app.art.prepareBackground({ location: '放課後の教室', time_of_day: '夕方' });
    const second = await server.app.art.prepareBackground({ location: '放課後の教室', time_of_day: '夕方' });
    expect(first.url).toBe(second.url);
    expect(first.archetype).toBe('classroom');
    await first.ready;
    const response = await get(first.url);
    expect(response.statusCode).toBe(200);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1280, height: 720 });
    expect(response.headers.etag).toBeTruthy();
    expect((await get('/api/art/backgrounds/0123456789abcdef0123456789abcdef.png')).statusCode).toBe(404);
    expect((await get('/api/art/backgrounds/../../etc/passwd')).statusCode).toBe(404);
  });

  it('draws a background again from the database when its file is gone', async () => {
    const prepared = await server.app.art.prepareBackground({ location: 'beach', time_of_day: 'morning' });
    await prepared.ready;
    await rm(path.join(dataDir, 'art', 'backgrounds'), { recursive: true, force: true });
    const response = await get(prepared.url);
    expect(response.statusCode).toBe(200);
    expect(pngSize(response.rawPayload).width).toBe(1280);
  });
});

describe('sprites', () => {
  it('draws every emotion differently from neutral, the same person throughout', async () => {
    const { id } = await server.app.art.createCharacter({ name: 'Sora' });
    const neutral = (await server.app.art.spritePng(id, 'neutral'))!;
    for (const emotion of EMOTIONS.filter((e) => e !== 'neutral')) {
      const share = differingShare(neutral, (await server.app.art.spritePng(id, emotion))!);
      expect(share, emotion).toBeGreaterThan(0.001);
      expect(share, emotion).toBeLessThan(0.12);
    }
  });

  it('tells two characters apart', async () => {
    const a = await server.app.art.createCharacter({ name: 'A' });
    const b = await server.app.art.createCharacter({ name: 'B' });
    const share = differingShare((await server.app.art.spritePng(a.id, 'neutral'))!, (await server.app.art.spritePng(b.id, 'neutral'))!);
    expect(share).toBeGreaterThan(0.1);
  });
});

describe('image model provider', () => {
  let fake: Awaited<ReturnType<typeof startFakeImageApi>>;
  let database: DatabaseHandle;
  let art: ArtService;
  let modelDir: string;
  beforeAll(async () => {
    fake = await startFakeImageApi();
    database = await freshDatabase();
    modelDir = await mkdtemp(path.join(os.tmpdir(), 'vn-art-model-'));
    art = createArtService({
      db: database.db,
      dataDir: modelDir,
      log: server.app.log,
      imageModel: createImageModel({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'image-test', timeoutMs: 500 }),
    });
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
    await rm(modelDir, { recursive: true, force: true });
  });

  const redShare = (png: Buffer) => {
    const { rgba } = pixelsOf(png);
    let red = 0;
    for (let i = 0; i < rgba.length; i += 4) if (rgba[i]! > 240 && rgba[i + 1]! < 20 && rgba[i + 2]! < 20) red++;
    return red / (rgba.length / 4);
  };

  it('uses the model’s picture, fitted to the frame, and sends a proper request', async () => {
    fake.state.mode = 'ok';
    const prepared = await art.prepareBackground({ location: 'harbour at dusk', time_of_day: 'evening' });
    await prepared.ready;
    const png = (await art.backgroundPng(prepared.key))!;
    expect(pngSize(png)).toEqual({ width: 1280, height: 720 });
    expect(redShare(png)).toBeGreaterThan(0.95);
    const request = fake.state.requests.at(-1)!;
    expect(request.auth).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({ model: 'image-test', n: 1 });
    expect(String(request.body.prompt)).toMatch(/harbour at dusk/);
  });

  it('follows a URL answer', async () => {
    fake.state.mode = 'url';
    const prepared = await art.prepareBackground({ location: 'library', time_of_day: 'night' });
    await prepared.ready;
    expect(redShare((await art.backgroundPng(prepared.key))!)).toBeGreaterThan(0.95);
  });

  it.each(['slow', 'error', 'garbage'] as const)('falls back to the procedural picture when the model is %s', async (mode) => {
    fake.state.mode = mode;
    const prepared = await art.prepareBackground({ location: `park (${mode})`, time_of_day: 'day' });
    await prepared.ready;
    const png = (await art.backgroundPng(prepared.key))!;
    expect(pngSize(png)).toEqual({ width: 1280, height: 720 });
    expect(redShare(png)).toBeLessThan(0.05);
  });

  it('asks for sprites with one description of the character for every emotion', async () => {
    fake.state.mode = 'ok';
    fake.state.requests.length = 0;
    const { id } = await art.createCharacter({ name: 'Kai' });
    await art.spritePng(id, 'happy');
    await art.spritePng(id, 'sad');
    const prompts = fake.state.requests.map((r) => String(r.body.prompt));
    const describe = (prompt: string) => prompt.replace(/(happy|sad|neutral) expression/, '');
    expect(new Set(prompts.map(describe)).size).toBe(1);
    expect(prompts.every((p) => /transparent background/i.test(p))).toBe(true);
  });
});
