import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  appearanceSchema,
  isUuidV4,
  normalizeEmotion,
  normalizeSetting,
  type Appearance,
  type Emotion,
  type Setting,
  type SettingInput,
} from '../../shared/art';
import type { Database } from '../db/client';
import { backgrounds, characters } from '../db/schema';
import { appearanceFromSeed } from './appearance';
import { findArchetype, backgroundSvg } from './background';
import { svgToPng } from './rasterise';
import { createDiskCache } from './disk-cache';
import { fitImage, type ImageModel } from './image-model';
import { findPlace } from './place-finder';
import { backgroundPrompt, spritePrompt } from './prompts';
import { SPRITE_HEIGHT, SPRITE_WIDTH, spriteSvg } from './sprite';

/** Bumped when the procedural drawings change, so cached pictures of the old drawings are not served. */
export const RENDERER_VERSION = 1;

export interface ArtServiceOptions {
  db: Database;
  dataDir: string;
  log: FastifyBaseLogger;
  /** When absent, every picture is procedural. */
  imageModel?: ImageModel;
}

export interface PreparedBackground {
  key: string;
  url: string;
  archetype: string;
  /** Settles when the picture is on disk; rejects only when every source failed (BackgroundNotFound). */
  ready: Promise<void>;
}

export function backgroundUrl(key: string): string {
  return `/api/art/backgrounds/${key}.png`;
}

export function createArtService({ db, dataDir, log, imageModel }: ArtServiceOptions) {
  const cache = createDiskCache(path.join(dataDir, 'art'));
  const source = imageModel ? 'model' : 'procedural';
  /** Background keys this process has written to the database: a story's places repeat. */
  const registered = new Set<string>();

  /** The model's picture when one is configured and answers; the procedural one otherwise. */
  async function withFallback(what: string, fromModel: (() => Promise<Buffer>) | undefined, procedural: () => Promise<Buffer>) {
    if (fromModel) {
      try {
        return await fromModel();
      } catch (err) {
        log.warn({ err, what }, 'image model failed; drawing it procedurally');
      }
    }
    return procedural();
  }

  function renderBackground(key: string, setting: Setting, archetypeId: string): Promise<Buffer> {
    return cache.getOrCreate(`backgrounds/${key}`, () =>
      withFallback(
        `background ${key}`,
        imageModel &&
          (async () => fitImage(await imageModel.generate(backgroundPrompt(setting, archetypeId), '1536x1024'), 1280, 720, 'cover')),
        () => svgToPng(backgroundSvg(setting, findArchetype(archetypeId))),
      ),
    );
  }

  /**
   * Keyed by the look, not the character: a library story's cast is created afresh for every reader, and
   * the same appearance always draws the same picture.
   */
  function renderSprite(appearance: Appearance, emotion: Emotion): Promise<Buffer> {
    const look = createHash('sha256').update(JSON.stringify(appearance, Object.keys(appearance).sort())).digest('hex').slice(0, 32);
    return cache.getOrCreate(`sprites/${look}/${emotion}-v${RENDERER_VERSION}-${source}`, () =>
      withFallback(
        `sprite ${look}/${emotion}`,
        imageModel &&
          (async () =>
            fitImage(await imageModel.generate(spritePrompt(appearance, emotion), '1024x1536'), SPRITE_WIDTH, SPRITE_HEIGHT, 'contain')),
        () => svgToPng(spriteSvg(appearance, emotion), 'later'),
      ),
    );
  }

  return {
    /**
     * Registers the background of a setting and starts drawing it at once, off the request path.
     * The URL is stable: the same setting always gets the same picture.
     */
    async prepareBackground(input: SettingInput): Promise<PreparedBackground> {
      const setting = normalizeSetting(input);
      const archetype = findPlace(setting.location).archetype.id;
      const key = createHash('sha256')
        .update(JSON.stringify({ setting, archetype, v: RENDERER_VERSION, source }))
        .digest('hex')
        .slice(0, 32);
      if (!registered.has(key)) {
        await db.insert(backgrounds).values({ key, setting, archetype }).onConflictDoNothing();
        if (registered.size >= 50_000) registered.clear();
        registered.add(key);
      }
      const ready = renderBackground(key, setting, archetype).then(() => undefined);
      ready.catch(() => undefined);
      return { key, url: backgroundUrl(key), archetype, ready };
    },

    /** The picture behind a background URL, or undefined for a key nobody handed out. */
    async backgroundPng(key: string): Promise<Buffer | undefined> {
      if (!/^[0-9a-f]{32}$/.test(key)) return undefined;
      const cached = await cache.read(`backgrounds/${key}`);
      if (cached) return cached;
      const [row] = await db.select().from(backgrounds).where(eq(backgrounds.key, key));
      return row ? renderBackground(key, row.setting, row.archetype) : undefined;
    },

    /** New characters with the storyteller's appearances, or ones derived from their ids, in one write. */
    async createCharacters(inputs: { name: string; appearance?: unknown }[]): Promise<{ id: string; appearance: Appearance }[]> {
      if (inputs.length === 0) return [];
      const rows = inputs.map((input) => {
        const id = randomUUID();
        const given = appearanceSchema.safeParse(input.appearance);
        return { id, name: input.name, appearance: given.success ? given.data : appearanceFromSeed(id) };
      });
      await db.insert(characters).values(rows);
      return rows.map(({ id, appearance }) => ({ id, appearance }));
    },

    /** Draws the neutral sprites, the first a reader asks for, before anyone asks. */
    drawSprites(looks: Appearance[]): void {
      for (const appearance of looks) {
        renderSprite(appearance, 'neutral').catch((err: unknown) => log.error({ err }, 'sprite render failed'));
      }
    },

    async createCharacter(input: { name: string; appearance?: unknown }): Promise<{ id: string; appearance: Appearance }> {
      const [created] = await this.createCharacters([input]);
      return created!;
    },

    /** A character's sprite for any emotion word (synonyms map, unknown words become neutral). */
    async spritePng(characterId: string, emotionWord: string): Promise<Buffer | undefined> {
      if (!isUuidV4(characterId)) return undefined;
      const [row] = await db.select().from(characters).where(eq(characters.id, characterId.toLowerCase()));
      if (!row) return undefined;
      return renderSprite(row.appearance, normalizeEmotion(emotionWord));
    },
  };
}

export type ArtService = ReturnType<typeof createArtService>;
