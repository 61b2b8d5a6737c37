import { z } from 'zod';
import { EMOTIONS } from './art';
import { languageOfLevel, languageSchema, levelSchema, wordLevelSchema } from './language';
import { CUSTOM_PROMPT_MAX, THEME_IDS } from './stories';

/**
 * The story socket, `/ws/story/{storyIdOrTempId}?token=…`: the one definition both sides validate
 * with. Client messages are flat objects with a `type`; every server event is
 * `{type, event_id, story_id?, scene_id?, generation_id?, data}` with event ids increasing per story.
 */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

export const generationIdSchema = z.string().trim().min(1).max(100);
export const choiceIdSchema = z.string().trim().min(1).max(100);

export const createStoryMessage = z
  .object({
    type: z.literal('create_story'),
    theme: z.enum(THEME_IDS, { error: 'Unknown story theme' }),
    language: languageSchema,
    language_level: levelSchema,
    custom_prompt: z.string().trim().max(CUSTOM_PROMPT_MAX, `custom_prompt must be at most ${CUSTOM_PROMPT_MAX} characters`).optional(),
    generation_id: generationIdSchema.optional(),
  })
  .refine((m) => languageOfLevel(m.language_level) === m.language, {
    message: 'Level options depend on the language (JLPT for ja, CEFR for en)',
    path: ['language_level'],
  });

export const choiceMessage = z.object({
  type: z.literal('choice'),
  choice_id: choiceIdSchema,
  generation_id: generationIdSchema,
});

export const getCurrentSceneMessage = z.object({
  type: z.literal('get_current_scene'),
  /** A reconnecting client asks for the events it missed: every stored event after this id. */
  after_event_id: z.number().int().min(0).optional(),
});

export const pingMessage = z.object({ type: z.literal('ping') });

/** The reader has reached this line: the story reopens here, on any device. */
export const readToMessage = z.object({
  type: z.literal('read_to'),
  scene_id: z.uuid({ error: 'scene_id must be a scene id' }),
  line_index: z.number().int().min(0).max(1000),
});

export const clientMessage = z.discriminatedUnion('type', [createStoryMessage, choiceMessage, getCurrentSceneMessage, readToMessage, pingMessage], {
  error: 'Unknown message type',
});
export type ClientMessage = z.infer<typeof clientMessage>;
export type CreateStoryMessage = z.infer<typeof createStoryMessage>;

// ── Server → client ────────────────────────────────────────────────────────────────────────────────

export const sceneSettingSchema = z.object({
  location: z.string(),
  time_of_day: z.string(),
  weather: z.string(),
  atmosphere: z.string(),
});

/** A word above the learner's level in a line, glossed for the vocabulary mode. */
export const glossedWordSchema = z.object({
  surface: z.string(),
  base_form: z.string(),
  reading: z.string(),
  level: wordLevelSchema,
  gloss: z.string(),
});

export const dialogueEntrySchema = z.object({
  index: z.number().int().min(0),
  speaker: z.string(),
  text: z.string(),
  html_text: z.string(),
  emotion: z.enum(EMOTIONS),
  /** Null for the narrator. */
  character_id: z.uuid().nullable(),
  new_words: z.array(glossedWordSchema),
});
export type DialogueEntry = z.infer<typeof dialogueEntrySchema>;

export const storyChoiceSchema = z.object({
  id: z.string(),
  text: z.string(),
  html_text: z.string(),
  language_note: z.string(),
});
export type StoryChoice = z.infer<typeof storyChoiceSchema>;

export const sceneCharacterSchema = z.object({ id: z.uuid(), name: z.string() });

const empty = z.object({});

/** The data of each event type. */
export const eventData = {
  connected: z.object({ connection_id: z.string() }),
  pong: empty,
  story_creation_started: empty,
  story_id_ready: z.object({ story_id: z.uuid(), title: z.string() }),
  scene_metadata_ready: z.object({
    scene_number: z.number().int().min(1),
    setting: sceneSettingSchema,
    characters: z.array(sceneCharacterSchema),
  }),
  background_ready: z.object({ scene_image_url: z.string() }),
  scene_part_ready: z.object({
    part_index: z.number().int().min(0),
    part: z.literal('dialogue'),
    dialogue_entries: z.array(dialogueEntrySchema),
  }),
  choices_ready: z.object({ choices: z.array(storyChoiceSchema), is_ending: z.boolean().optional(), ending_title: z.string().optional() }),
  story_created: z.object({ story_id: z.uuid() }),
  generation_started: empty,
  generation_complete: empty,
  streaming_complete: empty,
  stream_done: empty,
  streaming_error: z.object({ type: z.string(), message: z.string() }),
  error: z.object({ code: z.string(), message: z.string() }),
} as const;

export type EventType = keyof typeof eventData;
export type EventDataOf<T extends EventType> = z.infer<(typeof eventData)[T]>;

const eventEnvelope = {
  event_id: z.number().int().min(0),
  story_id: z.uuid().optional(),
  scene_id: z.uuid().optional(),
  generation_id: z.string().optional(),
};

export const serverEvent = z.discriminatedUnion(
  'type',
  (Object.keys(eventData) as EventType[]).map((type) =>
    z.object({ type: z.literal(type), ...eventEnvelope, data: eventData[type] }),
  ) as unknown as [z.ZodObject<{ type: z.ZodLiteral<EventType> }>, ...z.ZodObject<{ type: z.ZodLiteral<EventType> }>[]],
);

export type ServerEvent<T extends EventType = EventType> = {
  [K in T]: {
    type: K;
    event_id: number;
    story_id?: string;
    scene_id?: string;
    generation_id?: string;
    data: EventDataOf<K>;
  };
}[T];

/** Error codes of the `error` event. */
export const SOCKET_ERRORS = {
  SUBSCRIPTION_LIMIT_REACHED: 'You have used all your stories for this month. Upgrade to Pro for unlimited stories.',
  EMAIL_VERIFICATION_REQUIRED: 'Please verify your e-mail address to create stories.',
  NOT_FOUND: 'Story not found',
  UNAUTHORIZED: 'Authentication required',
  NO_SCENE: 'No scene data available',
  IN_PROGRESS: 'Story creation is already in progress',
  TOO_MANY_CONNECTIONS: 'Too many stories are open at once. Close some reader tabs and try again.',
  NOT_THIS_STORY: 'That scene is not part of this story.',
} as const;

/** Why a choice (on the socket, or "Read the other path" over HTTP) was refused. */
export const CHOICE_ERRORS = {
  NOT_FOUND: SOCKET_ERRORS.NOT_FOUND,
  NO_SCENE: SOCKET_ERRORS.NO_SCENE,
  NOT_THIS_STORY: SOCKET_ERRORS.NOT_THIS_STORY,
  IN_PROGRESS: 'A scene is already being written. Please wait.',
  BAD_CHOICE: 'That choice is not one of this scene’s choices.',
  ENDED: 'This story has ended.',
} as const;
