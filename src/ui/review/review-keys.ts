import type { Grade } from '../../shared/review';

export type ReviewAction = { kind: 'reveal' } | { kind: 'grade'; grade: Grade } | { kind: 'undo' } | { kind: 'speak' };

const GRADE_KEYS: Record<string, Grade> = { '1': 'again', '2': 'hard', '3': 'good', '4': 'easy' };

/**
 * The review page's keys, as Anki's reviewer has them: Space or Enter shows the answer, 1–4 grade it once shown,
 * Z (or Ctrl/⌘+Z) undoes the last grade, R reads the word aloud. Keys typed into a field are not the page's.
 */
export function reviewAction(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, revealed: boolean): ReviewAction | null {
  if (event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return { kind: 'undo' };
  if (event.ctrlKey || event.metaKey) return null;
  if (!revealed) return key === ' ' || key === 'enter' ? { kind: 'reveal' } : null;
  const grade = GRADE_KEYS[key];
  if (grade) return { kind: 'grade', grade };
  if (key === ' ' || key === 'enter') return { kind: 'grade', grade: 'good' };
  if (key === 'r') return { kind: 'speak' };
  return null;
}
