import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { loadStoryteller, storytellerStore } from '../state/storyteller';

/** The server's storyteller (null until it has said), loaded once per page load. */
export function useStoryteller() {
  const { info } = useSnapshot(storytellerStore);
  useEffect(loadStoryteller, []);
  return info;
}
