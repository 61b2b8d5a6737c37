import { setTimeout as sleep } from 'node:timers/promises';
import type { SceneRequest, Storyteller, StoryPiece } from '../types';
import { StorytellerError } from '../types';
import { loadLibrary } from './catalogue';
import type { LibraryStory } from './format';
import { libraryAvailability, pickStory } from './picker';

export interface LibraryOptions {
  /** Pause between lines, so a library story streams like a written one; the first line comes at once. */
  lineDelayMs: number;
  stories?: LibraryStory[];
}

/** Plays authored stories from assets/stories through the same pipeline as a model's. */
export function createLibraryStoryteller({ lineDelayMs, stories = loadLibrary() }: LibraryOptions): Storyteller {
  const byId = new Map(stories.map((s) => [s.id, s]));

  async function* tell(request: SceneRequest, signal: AbortSignal): AsyncIterable<StoryPiece> {
    // The server chooses the story when the learner creates it; a story without one gets the first pick.
    const story = request.sourceId
      ? byId.get(request.sourceId)
      : pickStory(stories, { language: request.language, level: request.level, theme: request.theme, wish: request.customPrompt })?.story;
    if (!story) {
      throw new StorytellerError('GenerationFailed', `The story library has no ${request.language} story for level ${request.level} yet.`, false);
    }
    const key = request.sourceKey ?? story.start;
    const scene = story.scenes[key];
    if (!scene) throw new StorytellerError('GenerationFailed', `The library story ${story.id} has no scene ${key}.`, false);

    if (request.sceneNumber === 1) yield { kind: 'story', title: story.title, sourceId: story.id };
    yield { kind: 'characters', characters: story.characters };
    yield { kind: 'setting', setting: scene.setting, sourceKey: key };
    for (const [i, line] of scene.lines.slice(request.linesShown.length).entries()) {
      if ((i > 0 || request.linesShown.length > 0) && lineDelayMs > 0) await sleep(lineDelayMs, undefined, { signal });
      yield { kind: 'line', ...line };
    }
    if (scene.ending) yield { kind: 'ending', title: scene.ending.title };
    else {
      yield {
        kind: 'choices',
        choices: (scene.choices ?? []).map((choice, i) => ({ id: `${key}-${i + 1}`, text: choice.text, language_note: choice.language_note, next: choice.next })),
      };
    }
    yield { kind: 'summary', summary: story.summary };
  }

  return {
    name: 'library',
    followsLevelFeedback: false,
    tell,
    library: {
      size: stories.length,
      pick: (request, started) => pickStory(stories, request, started),
      availability: (request, started) => libraryAvailability(stories, request, started),
    },
  };
}
