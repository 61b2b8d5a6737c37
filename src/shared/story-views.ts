import { z } from 'zod';
import { languageSchema, levelSchema } from './language';
import { CUSTOM_PROMPT_MAX, THEME_IDS } from './stories';
import { choiceIdSchema, dialogueEntrySchema, generationIdSchema, sceneSettingSchema, storyChoiceSchema } from './protocol';

/** Shapes of the stories and saves calls (docs/api.md), validated by the client. */

const storyStatus = z.enum(['generating', 'ready', 'failed']);

/** What every story call says about a story. */
const storyFields = {
  id: z.uuid(),
  title: z.string(),
  language: languageSchema,
  level: levelSchema,
  theme: z.string(),
  status: storyStatus,
};

/** An item of GET /api/stories (My Stories). */
export const storySummarySchema = z.object({
  ...storyFields,
  scene_number: z.number().int(),
  location: z.string().nullable(),
  is_ending: z.boolean(),
  created_at: z.string(),
  last_read_at: z.string(),
});
export type StorySummary = z.infer<typeof storySummarySchema>;
export const storyListResponse = z.object({ success: z.literal(true), data: z.object({ stories: z.array(storySummarySchema) }) });

/** A stored scene as the stories and saves calls return it. */
export const sceneViewSchema = z.object({
  scene_id: z.uuid(),
  story_id: z.uuid(),
  scene_number: z.number().int().min(1),
  /** The generation that wrote it: its events carry the same id. */
  generation_id: z.string().nullable(),
  status: z.string(),
  setting: sceneSettingSchema.nullable(),
  scene_image_url: z.string().nullable(),
  dialogue: z.array(dialogueEntrySchema),
  choices: z.array(storyChoiceSchema),
  is_ending: z.boolean(),
  ending_title: z.string().nullable(),
  /** The furthest line the learner has reached in this scene (-1: none); skip runs up to it. */
  read_to: z.number().int().min(-1).optional(),
  /** The choices of this scene with a scene already written after them (a path read before). */
  branches: z.array(z.string()).optional(),
});
export type SceneView = z.infer<typeof sceneViewSchema>;

/** GET /api/stories/{id}. */
export const storyDetailSchema = z.object({
  ...storyFields,
  characters: z.array(z.object({ id: z.uuid(), name: z.string() })),
  current_scene: sceneViewSchema.nullable(),
  /** Where the learner last was (the auto save): the reader reopens there. */
  position: z.object({ scene_id: z.uuid(), line_index: z.number().int().min(0) }).nullable().optional(),
});
export type StoryDetail = z.infer<typeof storyDetailSchema>;
export const storyDetailResponse = z.object({ success: z.literal(true), data: storyDetailSchema });

/** GET /api/stories/{id}/history: a page of the path read to a scene (the current one by default). */
export const HISTORY_PAGE_SCENES = 20;
export const historyQuery = z.object({
  to: z.uuid({ error: 'to must be a scene id' }).optional(),
  before: z.uuid({ error: 'before must be a scene id' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be 1 to 50').max(50, 'limit must be 1 to 50').default(HISTORY_PAGE_SCENES),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** A scene of the path with the choice taken after it on this path, and the choices with a branch written. */
export const historySceneSchema = sceneViewSchema.extend({
  choice_made: z.string().nullable(),
  branches: z.array(z.string()),
});
export type HistoryScene = z.infer<typeof historySceneSchema>;
export const storyHistorySchema = z.object({ scenes: z.array(historySceneSchema), more: z.boolean() });
export type StoryHistory = z.infer<typeof storyHistorySchema>;
export const storyHistoryResponse = z.object({ success: z.literal(true), data: storyHistorySchema });

/** POST /api/stories/{id}/branch: "Read the other path" from a choice of a scene read earlier. */
export const branchBody = z.object({
  scene_id: z.uuid({ error: 'scene_id must be a scene id' }),
  choice_id: choiceIdSchema,
  generation_id: generationIdSchema,
  /**
   * Where a branch read before reopens: where it was left (from the backlog), or at the start of the scene
   * written after the choice (the choice taken again, after loading an earlier save).
   */
  at: z.enum(['left', 'start'], { error: 'at must be left or start' }).default('left'),
});
/** What a client sends (`at` may be left out). */
export type BranchBody = z.input<typeof branchBody>;
/** `reopened`: a branch read before, opened again (see `at`); otherwise its first scene is being written. */
export const branchResultSchema = z.object({ scene_id: z.uuid(), reopened: z.boolean() });
export const branchResponse = z.object({ success: z.literal(true), data: branchResultSchema });

export const SAVE_SLOT_COUNT = 10;

/** SPEC §3 save slot. */
export const saveSlotSchema = z.object({
  slot_index: z.number().int().min(0).max(SAVE_SLOT_COUNT - 1),
  has_save: z.boolean(),
  created_at: z.string().nullable(),
  story_id: z.uuid().optional(),
  story_title: z.string().nullable(),
  save_name: z.string().optional(),
  scene_number: z.number().int().nullable(),
  location: z.string().nullable(),
  screenshot_url: z.string().nullable(),
});
export type SaveSlot = z.infer<typeof saveSlotSchema>;
export const saveSlotsResponse = z.object({ success: z.literal(true), data: z.object({ slots: z.array(saveSlotSchema) }) });

export const saveRecordSchema = z.object({
  save_id: z.string(),
  slot_index: z.number().int().nullable(),
  story_id: z.uuid(),
  scene_id: z.uuid(),
  story_state: z.object({ scene_number: z.number().int(), line_index: z.number().int().min(0) }),
  save_name: z.string(),
  created_at: z.string(),
});
export type SaveRecord = z.infer<typeof saveRecordSchema>;
export const saveResponse = z.object({ success: z.literal(true), data: z.object({ save: saveRecordSchema }) });
export const loadResponse = z.object({ success: z.literal(true), data: z.object({ save: saveRecordSchema, scene: sceneViewSchema }) });

/** Which storyteller this server has: a model writing each scene, or the built-in library of authored stories. */
export const storytellerSchema = z.object({
  storyteller: z.enum(['model', 'library']),
  /** How many stories the library holds (null with a model). */
  library_stories: z.number().int().nullable(),
});
export type StorytellerInfo = z.infer<typeof storytellerSchema>;
export const storytellerResponse = z.object({ success: z.literal(true), data: storytellerSchema });

/** GET /api/stories/availability: what the library holds for a language, level and theme, for this learner. */
export const availabilityQuery = z.object({
  language: languageSchema,
  level: levelSchema,
  theme: z.enum(THEME_IDS, { error: 'theme must be one of the story themes' }),
  custom_prompt: z.string().trim().max(CUSTOM_PROMPT_MAX, `custom_prompt must be at most ${CUSTOM_PROMPT_MAX} characters`).optional(),
});

export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

export const libraryAvailabilitySchema = z.object({
  /** Stories of the asked theme and band, and how many of them the learner has not started. */
  total: z.number().int(),
  unread: z.number().int(),
  /** What Start Reading would open: one of the asked, the nearest unread one, or one read before. */
  next: z
    .object({
      title: z.string(),
      theme: z.enum(THEME_IDS),
      levels: z.array(levelSchema),
      reason: z.enum(['unread', 'nearest', 'reread']),
    })
    .nullable(),
  /** Other themes of the band, and the same theme in the neighbouring bands, that still have unread stories. */
  elsewhere: z.array(z.object({ theme: z.enum(THEME_IDS), levels: z.array(levelSchema), unread: z.number().int() })),
});
export type LibraryAvailability = z.infer<typeof libraryAvailabilitySchema>;
export const availabilityResponse = z.object({
  success: z.literal(true),
  data: z.object({ storyteller: z.enum(['model', 'library']), library: libraryAvailabilitySchema.nullable() }),
});
