/**
 * Runs `task` once the page has shown its first content, or after `fallbackMs` at the latest (a tab opened
 * in the background paints nothing until it is shown, and a browser without paint timing never tells).
 */
export function afterFirstPaint(task: () => void, fallbackMs = 3000): void {
  let observer: PerformanceObserver | undefined;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    task();
  };
  const timer = setTimeout(run, fallbackMs);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
}

/**
 * The Japanese (and Cyrillic, Vietnamese, Latin Extended) faces, fetched once the first paint is out so
 * they neither block it nor compete with the page's own code for the connection. The stylesheet is not
 * render-blocking: a script adds it.
 */
export function loadAllFontFacesAfterFirstPaint(): void {
  afterFirstPaint(() => void import('./styles/font-faces.css'));
}
