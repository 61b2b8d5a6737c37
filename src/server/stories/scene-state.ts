import { eq } from 'drizzle-orm';
import type { DialogueEntry, EventType, StoryChoice } from '../../shared/protocol';
import type { Database } from '../db/client';
import { scenes, stories, storyCharacters, storyEvents } from '../db/schema';

/** A stored choice: what the reader sees, plus where a library choice leads. */
export type StoredChoice = StoryChoice & { next?: string };

/**
 * What is already stored of a scene: everything a writer needs to start it, or to continue it after another
 * process stopped half-way (the lines shown, the cast, which events the reader has had).
 */
export interface SceneState {
  story: typeof stories.$inferSelect;
  scene: typeof scenes.$inferSelect;
  cast: Map<string, { id: string; name: string }>;
  dialogue: DialogueEntry[];
  /** The event types already sent for this scene. */
  sent: Set<EventType>;
  /** The story so far as the storyteller left it before this scene. */
  summary: string;
  choicesMade: { sceneNumber: number; text: string }[];
}

export async function loadSceneState(db: Database, sceneId: string): Promise<SceneState | undefined> {
  const [row] = await db.select().from(scenes).innerJoin(stories, eq(stories.id, scenes.storyId)).where(eq(scenes.id, sceneId));
  if (!row) return undefined;
  const { scenes: scene, stories: story } = row;
  const [castRows, eventRows, tree] = await Promise.all([
    db.select().from(storyCharacters).where(eq(storyCharacters.storyId, story.id)),
    db.select({ type: storyEvents.type }).from(storyEvents).where(eq(storyEvents.sceneId, scene.id)),
    db.select({ id: scenes.id, parentSceneId: scenes.parentSceneId, choiceId: scenes.choiceId, sceneNumber: scenes.sceneNumber, choices: scenes.choices, summary: scenes.summary }).from(scenes).where(eq(scenes.storyId, story.id)),
  ]);
  const byId = new Map(tree.map((s) => [s.id, s]));
  return {
    story,
    scene,
    cast: new Map(castRows.map((c) => [c.key, { id: c.characterId, name: c.name }])),
    dialogue: scene.dialogue as DialogueEntry[],
    sent: new Set(eventRows.map((e) => e.type as EventType)),
    // A branch from an earlier choice starts from what its parent scene left, not from another branch's summary.
    summary: (scene.parentSceneId ? byId.get(scene.parentSceneId)?.summary : undefined) ?? story.summary,
    choicesMade: choicesOnPath(byId, scene),
  };
}

type TreeScene = { id: string; parentSceneId: string | null; choiceId: string | null; sceneNumber: number; choices: unknown[] };

/** The choices taken on the way to a scene, read backwards through its parents. */
function choicesOnPath(byId: Map<string, TreeScene>, scene: Pick<TreeScene, 'parentSceneId' | 'choiceId'>) {
  const made: { sceneNumber: number; text: string }[] = [];
  for (let at = scene; at.parentSceneId; ) {
    const parent = byId.get(at.parentSceneId);
    if (!parent) break;
    const choice = (parent.choices as StoredChoice[]).find((c) => c.id === at.choiceId);
    if (choice) made.unshift({ sceneNumber: parent.sceneNumber, text: choice.text });
    at = parent;
  }
  return made;
}
