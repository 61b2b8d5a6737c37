/**
 * Navigation state the home screen hands to the reader: the generation id of the story it just created
 * (SPEC §2 reader route, §4 reader entry). Augmenting the router's HistoryState types `navigate({ state })`
 * and `useLocation().state` without casts.
 */
declare module '@tanstack/react-router' {
  interface HistoryState {
    generationId?: string;
    /** The line to open on, when a save of another story was loaded from the reader. */
    lineIndex?: number;
  }
}

export {};
