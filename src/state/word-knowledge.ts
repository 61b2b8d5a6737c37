import { proxy } from 'valtio';
import { wordsApi } from '../net/words-api';
import type { Language } from '../shared/language';
import { NEW_WORD, type WordChange, type WordState } from '../shared/words';

/**
 * The learner's word statuses, as far as this page has asked the server (which owns them). Every line,
 * popup and ruby reads this one store, so a word marked in one place changes everywhere at once.
 */
export const wordKnowledge = proxy<{ states: Record<string, WordState> }>({ states: {} });

const slot = (language: Language, key: string) => `${language}:${key}`;
/** Keys asked for or being asked for, so a line's words are fetched once. */
const asked = new Set<string>();

export function wordState(states: Readonly<Record<string, WordState>>, language: Language, key: string): WordState {
  return states[slot(language, key)] ?? NEW_WORD;
}

/** Known or ignored: nothing left to learn, so no colour and no ruby. */
export const isSettled = (state: WordState) => state.status === 'known' || state.status === 'ignored';

export function setWordStates(language: Language, states: Record<string, WordState>): void {
  for (const [key, state] of Object.entries(states)) wordKnowledge.states[slot(language, key)] = state;
}

/** Fetches the statuses of the words not asked about yet (a word without a row is new). */
export async function loadWordStates(language: Language, keys: readonly string[]): Promise<void> {
  const missing = [...new Set(keys)].filter((key) => !asked.has(slot(language, key)));
  if (missing.length === 0) return;
  missing.forEach((key) => asked.add(slot(language, key)));
  try {
    const found = await wordsApi.lookup(language, missing);
    setWordStates(language, Object.fromEntries(missing.map((key) => [key, found[key] ?? NEW_WORD])));
  } catch (error) {
    // Asked again with the next line: a failed look-up leaves the words new for now.
    missing.forEach((key) => asked.delete(slot(language, key)));
    throw error;
  }
}

/** Marks a word at once on screen, then on the server; the screen goes back if the server refuses. */
export async function markWord(language: Language, key: string, state: WordState, storyId?: string): Promise<WordChange | null> {
  const before = wordState(wordKnowledge.states, language, key);
  setWordStates(language, { [key]: state });
  try {
    return (await wordsApi.mark(language, key, state, storyId)).change;
  } catch (error) {
    setWordStates(language, { [key]: before });
    throw error;
  }
}

export async function undoWordChange(language: Language, changeId: string): Promise<number> {
  const { restored, words } = await wordsApi.undo(changeId);
  setWordStates(language, words);
  return restored;
}

/** Signing out (or in as someone else) forgets the statuses of the one before. */
export function forgetWordStates(): void {
  asked.clear();
  wordKnowledge.states = {};
}
