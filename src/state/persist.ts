import { subscribe } from 'valtio';

/** Reads a stored JSON value, or undefined when it is absent or unreadable. */
export function readStored(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Writes `pick(store)` under `key` whenever the store changes. */
export function persistStore<T extends object>(store: T, key: string, pick: (store: T) => unknown): () => void {
  return subscribe(store, () => {
    try {
      localStorage.setItem(key, JSON.stringify(pick(store)));
    } catch {
      // Private mode or a full quota: the session still works, it just is not remembered.
    }
  });
}
