/** Milliseconds since the epoch with sub-millisecond precision, comparable between this process's threads. */
export const wallClock = () => performance.timeOrigin + performance.now();
