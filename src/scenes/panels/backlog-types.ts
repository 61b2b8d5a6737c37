/** One scene of the story backlog (SPEC §2): its number, where it happens, what was said and chosen. */
export interface BacklogScene {
  sceneId: string;
  sceneNumber: number;
  location: string | null;
  lines: { speaker: string; text: string }[];
  /** The text of the choice the learner made at the end of the scene, if any. */
  choiceMade: string | null;
  /** The choices not taken on this path ("Read the other path"); `readBefore` when that branch exists. */
  otherPaths: { id: string; text: string; readBefore: boolean }[];
}
