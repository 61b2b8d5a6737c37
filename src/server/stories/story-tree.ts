/**
 * A story is a tree of scenes: each scene after the first hangs from the scene whose choice led to it.
 * Choosing again at an earlier scene ("Read the other path", or a choice after loading an old save) grows
 * a new branch; every branch stays readable. These walks work on the few columns they need, so a story's
 * whole tree is read in one small query.
 */
export interface TreeScene {
  id: string;
  parentSceneId: string | null;
  choiceId: string | null;
  status: 'generating' | 'complete' | 'failed';
  createdAt: Date;
}

/** A scene set aside (written again after a restart) is not part of any path. */
const live = (scene: TreeScene) => scene.status !== 'failed';

/** The scenes from the first to `sceneId`, in reading order; empty when the scene is not in the tree. */
export function pathTo<T extends TreeScene>(tree: readonly T[], sceneId: string): T[] {
  const byId = new Map(tree.map((s) => [s.id, s]));
  const path: T[] = [];
  const seen = new Set<string>();
  for (let at = byId.get(sceneId); at && !seen.has(at.id); at = at.parentSceneId ? byId.get(at.parentSceneId) : undefined) {
    seen.add(at.id);
    path.unshift(at);
  }
  return path;
}

/** The scenes written after `sceneId`, one per choice taken there (the newest, if one was written twice). */
export function childrenOf<T extends TreeScene>(tree: readonly T[], sceneId: string): Map<string, T> {
  const children = new Map<string, T>();
  for (const scene of tree) {
    if (scene.parentSceneId !== sceneId || !scene.choiceId || !live(scene)) continue;
    const known = children.get(scene.choiceId);
    if (!known || known.createdAt <= scene.createdAt) children.set(scene.choiceId, scene);
  }
  return children;
}

/**
 * Where a branch was left: from its first scene down through the newest scene written after each, to a
 * scene with nothing after it yet.
 */
export function branchEnd<T extends TreeScene>(tree: readonly T[], first: T): T {
  let at = first;
  for (const seen = new Set([at.id]); ; ) {
    const next = [...childrenOf(tree, at.id).values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (!next || seen.has(next.id)) return at;
    seen.add(next.id);
    at = next;
  }
}
