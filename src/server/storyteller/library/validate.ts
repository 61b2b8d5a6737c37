import type { LibraryStory } from './format';

/** The shortest story a learner can read from the start to an ending, in scenes. */
export const MIN_SCENES_PER_PATH = 6;

/**
 * What is wrong with a story's shape (beyond its schema): unknown scenes or speakers, scenes no one
 * reaches, loops, paths shorter than MIN_SCENES_PER_PATH, fewer than two endings.
 */
export function storyProblems(story: LibraryStory): string[] {
  const problems: string[] = [];
  const speakers = new Set(['narrator', ...story.characters.map((c) => c.key)]);
  if (speakers.size !== story.characters.length + 1) problems.push('character keys must be unique and not "narrator"');
  if (!story.scenes[story.start]) problems.push(`start scene "${story.start}" does not exist`);
  for (const [id, scene] of Object.entries(story.scenes)) {
    for (const line of scene.lines) {
      if (!speakers.has(line.speaker)) problems.push(`scene ${id}: unknown speaker "${line.speaker}"`);
    }
    for (const choice of scene.choices ?? []) {
      if (!story.scenes[choice.next]) problems.push(`scene ${id}: choice leads to unknown scene "${choice.next}"`);
    }
  }
  if (problems.length > 0) return [...new Set(problems)];

  const reached = new Set<string>();
  const endings = new Set<string>();
  // Depth-first over every path; a scene already on the path would make a loop.
  const walk = (id: string, path: string[]) => {
    if (path.includes(id)) return problems.push(`loop: ${[...path, id].join(' → ')}`);
    reached.add(id);
    const scene = story.scenes[id]!;
    if (scene.ending) {
      endings.add(id);
      if (path.length + 1 < MIN_SCENES_PER_PATH) {
        problems.push(`path ${[...path, id].join(' → ')} has ${path.length + 1} scenes (at least ${MIN_SCENES_PER_PATH})`);
      }
      return;
    }
    for (const choice of scene.choices ?? []) walk(choice.next, [...path, id]);
  };
  walk(story.start, []);
  for (const id of Object.keys(story.scenes)) if (!reached.has(id)) problems.push(`scene ${id} is never reached`);
  if (endings.size < 2) problems.push(`${endings.size} ending(s); at least 2`);
  return [...new Set(problems)];
}

/** Every path from the start to an ending, as scene ids. */
export function storyPaths(story: LibraryStory): string[][] {
  const paths: string[][] = [];
  const walk = (id: string, path: string[]) => {
    const scene = story.scenes[id]!;
    if (scene.ending) paths.push([...path, id]);
    else for (const choice of scene.choices ?? []) walk(choice.next, [...path, id]);
  };
  walk(story.start, []);
  return paths;
}

/**
 * Keys that appear twice in one JSON object. JSON.parse keeps the last silently, so a scene written twice
 * under one id would lose the first without this check.
 */
export function duplicateKeys(json: string): string[] {
  const found: string[] = [];
  const objects: { keys: Set<string> | null; expectingKey: boolean }[] = [];
  for (let i = 0; i < json.length; i++) {
    const ch = json[i];
    if (ch === '"') {
      let end = i + 1;
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const top = objects[objects.length - 1];
      if (top?.keys && top.expectingKey) {
        const key = JSON.parse(json.slice(i, end + 1)) as string;
        if (top.keys.has(key)) found.push(key);
        top.keys.add(key);
        top.expectingKey = false;
      }
      i = end;
    } else if (ch === '{' || ch === '[') {
      objects.push({ keys: ch === '{' ? new Set() : null, expectingKey: ch === '{' });
    } else if (ch === '}' || ch === ']') {
      objects.pop();
    } else if (ch === ',') {
      const top = objects[objects.length - 1];
      if (top?.keys) top.expectingKey = true;
    }
  }
  return found;
}
