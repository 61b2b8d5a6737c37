import { JLPT_LEVELS, type JlptLevel } from '../../../shared/language';
import { readTsv } from '../tsv';
import type { GrammarPattern } from './catalogue';

/**
 * The checklist of JLPT grammar points by level (hanabira.org's list, CC BY 4.0: names only, every explanation
 * and example in the catalogue is our own). A title may sit at two levels; covering it covers both.
 */
export interface GrammarPoint {
  level: JlptLevel;
  title: string;
}

export function loadJlptPoints(): GrammarPoint[] {
  return readTsv('grammar/jlpt-grammar-points.tsv').map((row) => {
    const level = JLPT_LEVELS.find((l) => l === row.level);
    if (!level || !row.title) throw new Error(`jlpt-grammar-points.tsv: bad row ${JSON.stringify(row)}`);
    return { level, title: row.title };
  });
}

export interface LevelCoverage {
  level: JlptLevel;
  total: number;
  covered: number;
  missing: string[];
}

/** Per level, how many of its points some pattern names in `points`; and the names no point has. */
export function grammarCoverage(patterns: GrammarPattern[], points = loadJlptPoints()) {
  const named = new Set(patterns.flatMap((p): string[] => ('points' in p && Array.isArray(p.points) ? p.points : [])));
  const titles = new Set(points.map((p) => p.title));
  const unknown = [...named].filter((title) => !titles.has(title));
  const levels: LevelCoverage[] = JLPT_LEVELS.map((level) => {
    const here = points.filter((p) => p.level === level);
    const missing = here.filter((p) => !named.has(p.title)).map((p) => p.title);
    return { level, total: here.length, covered: here.length - missing.length, missing };
  });
  return { levels, unknown };
}
