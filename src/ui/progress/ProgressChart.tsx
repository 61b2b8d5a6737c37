import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayToUtcSeconds, formatDay, SECONDS_PER_DAY, utcSecondsToDay } from './format';

export interface ProgressChartSeries {
  label: string;
  values: number[];
  kind: 'line' | 'bars';
  format?: (n: number) => string;
}

export interface ProgressChartProps {
  title: string;
  /** The learner's calendar days, YYYY-MM-DD, oldest first; `values` line up with them. */
  days: string[];
  /** Pass a memoised array: a new one redraws the chart from scratch. */
  series: ProgressChartSeries[];
  height?: number;
}

const DEFAULT_HEIGHT = 220;

/** Series colours, in order, from the design tokens; the hex values are the tokens' light-theme values. */
const SERIES_TOKENS: [token: string, fallback: string][] = [
  ['--violet', '#6b3fd4'],
  ['--success', '#1c7c52'],
  ['--warning', '#9a6700'],
  ['--danger', '#c0334d'],
];

/** Day steps the x axis may tick at: never less than a day, so no day is labelled twice. */
const DAY_INCRS = [1, 2, 3, 7, 14, 28, 56, 91, 182, 364].map((days) => days * SECONDS_PER_DAY);

/** Whole-number steps for the y axis of counts, so "0.5 lines" never appears. */
const WHOLE_INCRS = Array.from({ length: 8 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/** Share of a day the bars of one day take together; the rest is the gap between days. */
const BAR_GROUP = Math.round(0.7 * SECONDS_PER_DAY);

interface Palette {
  series: string[];
  axis: string;
  grid: string;
  font: string;
}

/** The tokens as they are now: read on every draw, so a theme that changes the custom properties repaints right. */
function readPalette(element: Element): Palette {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    series: SERIES_TOKENS.map(([name, fallback]) => token(name, fallback)),
    axis: token('--ink-soft', '#5d5672'),
    grid: token('--line', '#e6e0d6'),
    font: token('--font-body', 'system-ui, sans-serif'),
  };
}

/** jsdom and some locked-down browsers have no 2D canvas; there the table alone tells the story. */
function canvasAvailable(): boolean {
  try {
    return typeof HTMLCanvasElement !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

const formatValue = (series: ProgressChartSeries, value: number | null | undefined) =>
  value == null || Number.isNaN(value) ? '–' : series.format ? series.format(value) : value.toLocaleString('en');

/** Roomy enough for the longest tick label, without measuring text on a canvas that may not be drawn yet. */
function yAxisSize(_u: uPlot, values: string[] | null): number {
  const longest = (values ?? []).reduce((most, value) => Math.max(most, value.length), 1);
  return Math.max(36, Math.ceil(longest * 7.5) + 16);
}

/**
 * Bars of one day side by side: the day's slot (BAR_GROUP wide, centred on the day) split evenly between the
 * bar series, each at a fixed offset from the day, so two series never hide one another.
 */
function barsPath(UPlot: typeof uPlot, index: number, count: number): uPlot.Series.PathBuilder {
  const width = BAR_GROUP / count;
  const offset = -BAR_GROUP / 2 + index * width;
  return UPlot.paths.bars!({
    radius: [0.2, 0],
    disp: {
      x0: { unit: 1, values: (u) => (u.data[0] as number[]).map((x) => x + offset) },
      size: { unit: 1, values: () => [width] },
    },
  });
}

function chartOptions(
  UPlot: typeof uPlot,
  element: HTMLElement,
  series: ProgressChartSeries[],
  width: number,
  height: number,
  palette: { current: Palette },
): uPlot.Options {
  const colour = (index: number) => () => palette.current.series[index % palette.current.series.length]!;
  const hasBars = series.some((entry) => entry.kind === 'bars');
  const allWhole = series.every((entry) => entry.values.every((value) => Number.isInteger(value)));
  const barCount = series.filter((entry) => entry.kind === 'bars').length;
  let barIndex = 0;
  const axisFont = `12px ${palette.current.font}`;
  const grid = { stroke: () => palette.current.grid, width: 1 };

  return {
    width,
    height,
    // The days are UTC midnights, so the ticks are reckoned in UTC too.
    tzDate: (ts) => UPlot.tzDate(new Date(ts * 1e3), 'UTC'),
    cursor: { drag: { x: false, y: false, setScale: false } },
    scales: {
      // Half a day either side, so the first and last bars are whole.
      x: { time: true, range: (_u, min, max) => [min - SECONDS_PER_DAY / 2, max + SECONDS_PER_DAY / 2] },
      y: hasBars
        ? {
            // Bars start at zero; a scale that does not show zero would make them lie.
            range: (_u, min, max) => {
              const low = Math.min(0, min ?? 0);
              const high = Math.max(0, max ?? 0);
              return [low, high === low ? low + 1 : high + (high - low) * 0.08];
            },
          }
        : {},
    },
    axes: [
      {
        stroke: () => palette.current.axis,
        font: axisFont,
        grid: { show: false },
        ticks: { ...grid, size: 4 },
        space: 56,
        incrs: DAY_INCRS,
        values: (_u, splits) => splits.map((split) => formatDay(utcSecondsToDay(split))),
      },
      {
        stroke: () => palette.current.axis,
        font: axisFont,
        grid,
        ticks: { show: false },
        size: yAxisSize,
        incrs: allWhole ? WHOLE_INCRS : undefined,
        values: (_u, splits) => splits.map((split) => split.toLocaleString('en')),
      },
    ],
    series: [
      { label: 'Day', value: (_u, value) => (value == null ? '' : formatDay(utcSecondsToDay(value))) },
      ...series.map((entry, index): uPlot.Series => {
        const base: uPlot.Series = {
          label: entry.label,
          stroke: colour(index),
          value: (_u, value) => formatValue(entry, value),
        };
        if (entry.kind === 'line') return { ...base, width: 2, points: { size: 6, fill: colour(index) } };
        return { ...base, width: 0, fill: colour(index), points: { show: false }, paths: barsPath(UPlot, barIndex++, barCount) };
      }),
    ],
    hooks: {
      drawClear: [() => void (palette.current = readPalette(element))],
    },
  };
}

/**
 * One chart of the progress page: a uPlot canvas for the eye, hidden from assistive technology, and the same
 * figures as a real table behind "Show as table" for everyone else (and wherever a canvas cannot be drawn).
 */
export function ProgressChart({ title, days, series, height = DEFAULT_HEIGHT }: ProgressChartProps) {
  const plotRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = plotRef.current;
    if (!element || !canvasAvailable()) return;
    let plot: uPlot | null = null;
    let stopped = false;
    const teardown: (() => void)[] = [];

    // Loaded on demand: uPlot is only needed here, and reads window.matchMedia as soon as it is imported.
    import('uplot').then(
      ({ default: UPlot }) => {
        if (stopped) return;
        const palette = { current: readPalette(element) };
        const data: uPlot.AlignedData = [days.map(dayToUtcSeconds), ...series.map((entry) => days.map((_, i) => entry.values[i] ?? null))];
        try {
          plot = new UPlot(chartOptions(UPlot, element, series, element.clientWidth || 600, height, palette), data, element);
        } catch {
          // A chart that cannot be drawn leaves the table to say it.
          plot = null;
          return;
        }
        const drawn = plot;

        if (typeof ResizeObserver !== 'undefined') {
          const observer = new ResizeObserver(() => {
            const width = Math.floor(element.clientWidth);
            if (width > 0 && width !== drawn.width) drawn.setSize({ width, height });
          });
          observer.observe(element);
          teardown.push(() => observer.disconnect());
        }

        // The colours come from the tokens at draw time; a switch to or from a dark scheme asks for a draw.
        if (typeof window.matchMedia === 'function') {
          const scheme = window.matchMedia('(prefers-color-scheme: dark)');
          const redraw = () => drawn.redraw(false, true);
          scheme.addEventListener('change', redraw);
          teardown.push(() => scheme.removeEventListener('change', redraw));
        }
      },
      () => undefined,
    );

    return () => {
      stopped = true;
      teardown.forEach((undo) => undo());
      plot?.destroy();
      plot = null;
    };
  }, [days, series, height]);

  return (
    <figure className="progress-chart">
      <figcaption className="progress-chart__title">{title}</figcaption>
      <div className="progress-chart__plot" ref={plotRef} aria-hidden="true" style={{ minHeight: height }} />
      <details className="progress-chart__table">
        <summary>Show as table</summary>
        <div className="progress-table-scroll">
          <table className="progress-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((entry) => (
                  <th scope="col" key={entry.label}>
                    {entry.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{formatDay(day)}</th>
                  {series.map((entry) => (
                    <td key={entry.label}>{formatValue(entry, entry.values[i])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
