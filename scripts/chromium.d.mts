/** The Chromium the browser tests drive: CHROMIUM_PATH, Debian's package, or Playwright's own download. */
export function findChromium(): Promise<string | undefined>;
