/**
 * Frame times while the stage is at its busiest: long Japanese lines typing at 60 cps, one after another,
 * while the character changes expression and then leaves for another (sprite transitions throughout).
 * Prints the figures against a baseline measured in the same page (a finished line, the stage drawing every frame);
 * fails on a long task over 50 ms, or over two baseline frames on a machine slower than that (a visible hitch).
 */
import { expect, test } from '@playwright/test';
import { startFixtureServer, type FixtureServer } from './fixture-server';

let fixture: FixtureServer;

// Timing on a shared two-core machine: another process's burst can stretch one of our tasks past 50 ms. A real
// regression fails every attempt; a neighbour's burst does not (Playwright reports such a pass as flaky).
test.describe.configure({ retries: 2 });

test.beforeAll(async () => {
  fixture = await startFixtureServer();
});

test.afterAll(async () => {
  await fixture?.close();
});

const LINES = [
  '昨日の夜、駅前の喫茶店で山田先生に会ったけど、先生は一人で窓の外を眺めていた。声をかけたら「やあ」と笑ってくれたので、私も隣の席に座って、最近読んだ本の話をしばらくした。先生は昔、京都の大学で日本の古い物語を研究していたそうだ。',
  '帰り道、商店街の小さな本屋に寄ってみると、先生が話していた物語の文庫本が一冊だけ残っていた。表紙は少し色あせていたけれど、なんだか運命のような気がして、迷わずに買うことにした。明日から少しずつ読んでみよう。',
  '家に着くころには、空はすっかり暗くなっていた。窓を開けると、遠くから祭りの太鼓の音が聞こえてくる。',
];

test('typewriter at 60 cps during sprite transitions: frame times and long tasks', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(fixture.url);
  await page.evaluate(() => window.stageReady.then(() => undefined));
  const images = await page.evaluate(async () => {
    const images = window.fixtureImages;
    window.stage.setBackground({ state: 'loaded', url: images.parkDay });
    window.stage.setSprite({ key: 'yui', url: images.yuiNeutral, fallbackUrl: images.yuiNeutral });
    await window.settled();
    return images;
  });

  // The baseline, in the same page: a finished line with its continue indicator pulsing, so the stage draws every
  // frame and nothing else happens. What a full frame costs on this machine (its rasteriser, its cores) shows here.
  const baseline = await page.evaluate(async () => {
    window.stage.showLine({ id: 'baseline', speaker: 'ゆい', text: '駅前の喫茶店で待っている。', language: 'ja', rubyRoom: true, instant: true });
    window.stage.setContinueIndicator('more');
    // Past the line's first drawing (its glyphs), which is not what a frame costs.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    const frames: number[] = [];
    await new Promise<void>((resolve) => {
      let last = performance.now();
      const start = last;
      const step = (now: number) => {
        frames.push(now - last);
        last = now;
        if (now - start < 2000) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    observer.disconnect();
    window.stage.setContinueIndicator(null);
    return { frames: frames.slice(1), longTasks };
  });

  const result = await page.evaluate(
    async ({ lines, images }) => {
      const stage = window.stage;
      const longTasks: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push(entry.duration);
      });
      observer.observe({ type: 'longtask', buffered: false });

      stage.setTextSpeed(60);
      let next = 0;
      const showNext = () => {
        const text = lines[next % lines.length]!;
        stage.showLine({ id: `perf-${next}`, speaker: 'ゆい', text, language: 'ja', rubyRoom: true, instant: false });
        next++;
      };
      let turning = '';
      const stop = stage.onProgress((revealed, complete) => {
        if (complete) return void setTimeout(showNext, 120);
        // A page shown to its end (the first line takes two): the reader presses on to the next page.
        const glyphs = stage.textGeometry()?.glyphs ?? [];
        const key = `${next}:${revealed}`;
        if (glyphs.length > 0 && revealed === glyphs.at(-1)!.end && turning !== key) {
          turning = key;
          setTimeout(() => stage.revealAll(), 120);
        }
      });
      const sprites = [
        { key: 'yui', url: images.yuiHappy, fallbackUrl: images.yuiNeutral },
        { key: 'yui', url: images.yuiSurprised, fallbackUrl: images.yuiNeutral },
        { key: 'ben', url: images.benNeutral, fallbackUrl: images.benNeutral },
        { key: 'yui', url: images.yuiNeutral, fallbackUrl: images.yuiNeutral },
      ];
      // A new transition every 0.6 s, each lasting 0.45 s: the sprite layer is animating most of the time.
      const timers = sprites.map((sprite, i) => setTimeout(() => stage.setSprite(sprite), i * 600));

      const frames: number[] = [];
      showNext();
      await new Promise<void>((resolve) => {
        let last = performance.now();
        const start = last;
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          if (now - start < 3000) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame(step);
      });
      stop();
      timers.forEach(clearTimeout);
      observer.disconnect();
      return { frames: frames.slice(1), longTasks, linesShown: next };
    },
    { lines: LINES, images },
  );

  const busy = frameFigures(result);
  const idle = frameFigures(baseline);
  // A long task is a hitch when it is long for this machine: 50 ms where a frame is drawn within one 60 Hz frame,
  // two baseline frames where the machine itself needs longer to draw one (a software rasteriser on a slow core).
  const hitch = Math.max(50, 2 * idle.p95);
  console.log(
    `frame time p50 ${busy.p50.toFixed(1)} ms, p95 ${busy.p95.toFixed(1)} ms, longest task ${busy.longest.toFixed(0)} ms ` +
      `(${result.frames.length} frames, ${result.longTasks.length} long tasks, ${result.linesShown} lines); ` +
      `baseline (finished line) p50 ${idle.p50.toFixed(1)} ms, p95 ${idle.p95.toFixed(1)} ms, longest task ${idle.longest.toFixed(0)} ms; ` +
      `busy/baseline p50 ${(busy.p50 / idle.p50).toFixed(2)}, p95 ${(busy.p95 / idle.p95).toFixed(2)}; hitch bound ${hitch.toFixed(0)} ms`,
  );
  expect(result.frames.length).toBeGreaterThan(60);
  expect(result.linesShown).toBeGreaterThan(1);
  expect(busy.longest).toBeLessThanOrEqual(hitch);
});

function frameFigures({ frames, longTasks }: { frames: number[]; longTasks: number[] }) {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), longest: Math.max(0, ...longTasks) };
}
