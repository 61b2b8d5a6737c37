/**
 * Drawing on demand. A reader mostly looks at a still picture, so the stage renders a frame only when
 * something asked for one (a prop changed, a transition moved, the typewriter revealed more), not 60 times a
 * second. It also knows when the stage has settled: no part busy (pictures and fonts loading, transitions,
 * the typewriter) and nothing left to draw. Ambient motion (blinking, pulsing) asks for frames but is not busy.
 */
export class FrameRequests {
  private dirty = true;
  private readonly parts = new Set<() => boolean>();
  private waiters: (() => void)[] = [];
  private closed = false;
  /** The props the stage was last given, and the props its tree has taken in. */
  private wanted: unknown = null;
  private taken: unknown = null;

  /** The next frame renders. */
  request(): void {
    this.dirty = true;
  }

  /** Counts `busy` in `settled`; returns the function that stops counting it. */
  track(busy: () => boolean): () => void {
    this.parts.add(busy);
    return () => this.parts.delete(busy);
  }

  get busy(): boolean {
    for (const busy of this.parts) if (busy()) return true;
    return false;
  }

  /** The stage was given new props; they reach its Pixi tree a moment later (`applied`). */
  want(props: unknown): void {
    this.wanted = props;
  }

  applied(props: unknown): void {
    this.taken = props;
  }

  /** Resolves on the first frame at which the props given are taken in and nothing is pending. For tests and screenshots. */
  settled(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The end of a frame: renders if asked to, then lets go of the waiters once nothing is pending. */
  frame(render: () => void): void {
    if (this.closed) return;
    if (this.dirty) {
      this.dirty = false;
      render();
    }
    if (this.waiters.length > 0 && this.taken === this.wanted && !this.busy && !this.dirty) this.release();
  }

  close(): void {
    this.closed = true;
    this.release();
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
