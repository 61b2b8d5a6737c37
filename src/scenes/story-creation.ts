import { subscribe } from 'valtio';
import { STORY_TIMEOUT_MS } from '../net/http';
import type { Language, StoryLevel } from '../shared/language';
import type { ThemeId } from '../shared/stories';
import { readyToRead } from './session';
import { connection, onSocketError, session, storySocket } from './story-connection';

export interface StartStoryInput {
  language: Language;
  level: StoryLevel;
  theme: ThemeId;
  /** The learner's wish for the story (an idea only; it never changes the level or language). */
  wish?: string;
}

export class StoryCreationError extends Error {
  constructor(
    message: string,
    /** The socket's error code (SUBSCRIPTION_LIMIT_REACHED, EMAIL_VERIFICATION_REQUIRED, …), when it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'StoryCreationError';
  }
}

let pending: Promise<{ storyId: string; generationId: string }> | undefined;

/**
 * SPEC §4 Story creation: opens the story socket on a temporary id, asks for the story, and resolves
 * once the story id, the scene metadata, the first line and the preloaded background are all present,
 * so the reader opens on a finished first picture.
 */
export function startStory(input: StartStoryInput): Promise<{ storyId: string; generationId: string }> {
  if (pending) return Promise.reject(new StoryCreationError('Story creation is already in progress'));
  pending = create(input).finally(() => (pending = undefined));
  return pending;
}

function create(input: StartStoryInput): Promise<{ storyId: string; generationId: string }> {
  const generationId = session.beginCreation(input);
  const ready = session.until(readyToRead);
  const cleanups: (() => void)[] = [ready.cancel];

  const failure = new Promise<never>((_, reject) => {
    const fail = (error: StoryCreationError) => {
      storySocket.disconnect();
      reject(error);
    };
    cleanups.push(
      onSocketError((event) => fail(new StoryCreationError(event.data.message, event.data.code))),
      subscribe(session.state, () => {
        const { error, backgroundError } = session.state;
        if (error || backgroundError) fail(new StoryCreationError(error ?? backgroundError!));
      }),
      subscribe(connection, () => {
        if (connection.connectionFailed) fail(new StoryCreationError('WebSocket connection failed'));
      }),
    );
    const timer = setTimeout(() => fail(new StoryCreationError('Story creation timeout')), STORY_TIMEOUT_MS);
    cleanups.push(() => clearTimeout(timer));
  });

  storySocket.connect(`temp-${crypto.randomUUID()}`);
  storySocket.send({
    type: 'create_story',
    theme: input.theme,
    language: input.language,
    language_level: input.level,
    ...(input.wish?.trim() ? { custom_prompt: input.wish.trim() } : {}),
    generation_id: generationId,
  });

  return Promise.race([ready.promise.then(() => ({ storyId: session.state.storyId!, generationId })), failure]).finally(() =>
    cleanups.forEach((cleanup) => cleanup()),
  );
}
