import type { SettingInput } from '../../shared/art';
import type { Language, StoryLevel } from '../../shared/language';
import type { ThemeId } from '../../shared/stories';
import type { LibraryAvailability } from '../../shared/story-views';
import type { LibraryPick, LibraryRequest } from './library/picker';

/** What a storyteller is asked for: the next scene of a story, with everything it needs to know. */
export interface SceneRequest {
  language: Language;
  level: StoryLevel;
  theme: ThemeId;
  customPrompt?: string;
  sceneNumber: number;
  /** The library story being told, once chosen. */
  sourceId?: string;
  /** The library scene to tell (from the choice taken); the story's start when absent. */
  sourceKey?: string;
  title: string;
  summary: string;
  characters: { key: string; name: string }[];
  choicesMade: { sceneNumber: number; text: string }[];
  /** Lines of this scene the reader already has (a retry continues after them). */
  linesShown: { speaker: string; text: string }[];
  /** Words the reader found above their level in the previous attempt. */
  avoidWords: string[];
  /** Words the reader is learning, at or below the level ("駅 (えき)"), for a writing storyteller to use. */
  practiceWords?: string[];
}

export interface CharacterPiece {
  key: string;
  name: string;
  /** An appearance spec; validated by the art service, which derives one when this is unusable. */
  appearance?: unknown;
}

export interface ChoicePiece {
  id: string;
  text: string;
  language_note: string;
  /** The library scene it leads to. */
  next?: string;
}

/** A storyteller streams a scene as pieces, in this order; lines may be many. */
export type StoryPiece =
  | { kind: 'story'; title: string; sourceId?: string }
  | { kind: 'characters'; characters: CharacterPiece[] }
  | { kind: 'setting'; setting: SettingInput; sourceKey?: string }
  | { kind: 'line'; speaker: string; emotion: string; text: string }
  | { kind: 'choices'; choices: ChoicePiece[] }
  | { kind: 'ending'; title: string }
  | { kind: 'summary'; summary: string };

/** A failure the reader is told about: `type` is the streaming_error type. */
export class StorytellerError extends Error {
  constructor(
    readonly type: 'GenerationFailed' | 'ProviderUnavailable',
    message: string,
    /** False when asking again cannot help (the library has no such story). */
    readonly retryable = true,
  ) {
    super(message);
  }
}

export interface Storyteller {
  readonly name: 'library' | 'openai-compatible';
  /**
   * Whether asking again with `avoidWords` can bring a scene closer to the level. A model can; the
   * library's authored scenes come out the same, so a rewrite would only repeat the lines.
   */
  readonly followsLevelFeedback: boolean;
  tell(request: SceneRequest, signal: AbortSignal): AsyncIterable<StoryPiece>;
  /**
   * A storyteller that tells authored stories: the server chooses the story when the learner creates one
   * (so a learner gets one they have not started), and says before they spend a story what it would be.
   * `started` lists the library ids of the learner's stories, oldest first.
   */
  readonly library?: {
    readonly size: number;
    pick(request: LibraryRequest, started: readonly string[]): LibraryPick | undefined;
    availability(request: LibraryRequest, started: readonly string[]): LibraryAvailability;
  };
}
