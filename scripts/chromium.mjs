import { existsSync } from 'node:fs';

/** The Chromium the browser tests drive: CHROMIUM_PATH, Debian's package, or Playwright's own download. */
export async function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    const { chromium } = await import('@playwright/test');
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright's own browser is optional.
  }
  return candidates.find((candidate) => candidate && existsSync(candidate));
}
