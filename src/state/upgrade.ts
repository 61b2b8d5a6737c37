import { proxy } from 'valtio';

/** SPEC §4: the upgrade modal opens when this flag is set, from wherever the learner hits the limit. */
export const upgrade = proxy({ open: false });

export function openUpgrade(): void {
  upgrade.open = true;
}

export function closeUpgrade(): void {
  upgrade.open = false;
}
