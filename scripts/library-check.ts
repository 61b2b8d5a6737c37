// Checks story library files: schema, shape (reachability, paths, endings) and, per scene, the share of
// content words at or below the band's upper level with the words above it.
// Usage: npx tsx scripts/library-check.ts [assets/stories/file.json ...]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findPlace } from '../src/server/art/place-finder';
import { sharedLanguageServices } from '../src/server/language/services';
import { libraryStorySchema } from '../src/server/storyteller/library/format';
import { storyPaths, storyProblems } from '../src/server/storyteller/library/validate';

const dir = path.resolve(import.meta.dirname, '../assets/stories');
const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => path.join(dir, f));
const language = sharedLanguageServices();
await language.ready;
let failed = false;
for (const file of files) {
  console.log(`\n${path.basename(file)}`);
  const parsed = libraryStorySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    failed = true;
    for (const issue of parsed.error.issues.slice(0, 20)) console.log(`  ✗ ${issue.path.join('.')}: ${issue.message}`);
    continue;
  }
  const story = parsed.data;
  const problems = storyProblems(story);
  for (const problem of problems) console.log(`  ✗ ${problem}`);
  if (problems.length > 0) {
    failed = true;
    continue;
  }
  const target = story.levels[story.levels.length - 1]!;
  const paths = storyPaths(story);
  console.log(`  ${Object.keys(story.scenes).length} scenes, ${paths.length} paths (${Math.min(...paths.map((p) => p.length))}–${Math.max(...paths.map((p) => p.length))} scenes), target ${target}`);
  for (const [id, scene] of Object.entries(story.scenes)) {
    const text = [...scene.lines.map((l) => l.text), ...(scene.choices ?? []).map((c) => c.text)].join('\n');
    const profile = language.profile(language.analyse(text, story.language), target);
    const share = (profile.share_at_or_below * 100).toFixed(1);
    const place = findPlace(scene.setting.location);
    if (!place.matched) console.log(`  ✗ ${id}: the art renderer knows no place in "${scene.setting.location}"`);
    const ok = profile.share_at_or_below >= 0.95 && place.matched;
    if (!ok) failed = true;
    const above = profile.new_words.map((w) => `${w.base_form}(${w.level})`).join(' ');
    console.log(`  ${ok ? '✓' : '✗'} ${id}: ${share}% at or below ${target}${above ? `; above: ${above}` : ''}`);
  }
}
process.exitCode = failed ? 1 : 0;
