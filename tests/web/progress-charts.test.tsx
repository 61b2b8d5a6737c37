import { render, screen, waitFor, within } from '@testing-library/react';
import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Progress, ProgressDay } from '../../src/shared/progress';
import { coveragePercent, dayToUtcSeconds, formatDay, formatDuration, utcSecondsToDay } from '../../src/ui/progress/format';
import { ProgressChart } from '../../src/ui/progress/ProgressChart';
import { ProgressCharts } from '../../src/ui/progress/ProgressCharts';

/** A stand-in for uPlot: jsdom cannot draw, but the options and data the chart is built from can be checked. */
const plots = vi.hoisted(() => {
  const made: { opts: unknown; data: unknown; target: HTMLElement; destroy: () => void }[] = [];
  return { made, fail: { next: false } };
});

vi.mock('uplot', () => {
  class FakePlot {
    width: number;
    destroy = vi.fn();
    setSize = vi.fn();
    redraw = vi.fn();
    constructor(opts: { width: number }, data: unknown, target: HTMLElement) {
      if (plots.fail.next) throw new Error('no canvas here');
      this.width = opts.width;
      plots.made.push({ opts, data, target, destroy: this.destroy });
    }
    static paths = { bars: vi.fn((opts: unknown) => ({ bars: opts })) };
    static tzDate = (date: Date) => date;
  }
  return { default: FakePlot };
});

const day = (date: string, figures: Partial<Omit<ProgressDay, 'day'>> = {}): ProgressDay => ({
  day: date,
  known: 0,
  learned: 0,
  reviewed: 0,
  lines: 0,
  characters: 0,
  seconds: 0,
  ...figures,
});

/** A week across a month's end, with a word taken back, a day off and a long day. */
const DAYS: ProgressDay[] = [
  day('2024-10-29', { known: 500, learned: 12, reviewed: 30, lines: 40, characters: 1250, seconds: 600 }),
  day('2024-10-30', { known: 508, learned: 8, reviewed: 25, lines: 22, characters: 700, seconds: 90 }),
  day('2024-10-31', { known: 507, learned: -1, reviewed: 10, lines: 5, characters: 150, seconds: 45 }),
  day('2024-11-01', { known: 507 }),
  day('2024-11-02', { known: 520, learned: 13, reviewed: 41, lines: 60, characters: 2040, seconds: 1800 }),
  day('2024-11-03', { known: 531, learned: 11, reviewed: 18, lines: 30, characters: 960, seconds: 1200 }),
  day('2024-11-04', { known: 540, learned: 9, reviewed: 12, lines: 8, characters: 300, seconds: 165 }),
];

const PROGRESS: Progress = {
  language: 'ja',
  days: DAYS,
  streak: 3,
  totals: { known: 1540, reviewed: 136, lines: 165, characters: 5400, seconds: 3900 },
  coverage: {
    language: 'ja',
    levels: [
      { level: 'N5', known: 512, total: 800 },
      { level: 'N4', known: 599, total: 600 },
      { level: 'N3', known: 0, total: 1500 },
    ],
  },
};

const DAY_LABELS = ['Oct 29', 'Oct 30', 'Oct 31', 'Nov 1', 'Nov 2', 'Nov 3', 'Nov 4'];

/** A table's cells, row by row, header row first. */
function tableText(name: string): string[][] {
  const table = screen.getByRole('table', { name, hidden: true });
  return within(table)
    .getAllByRole('row', { hidden: true })
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

let getContext: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  plots.made.length = 0;
  plots.fail.next = false;
  // jsdom has no canvas: getContext answers null, as it does there (without the "not implemented" noise).
  getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ProgressCharts', () => {
  it('shows the headline figures', () => {
    render(<ProgressCharts progress={PROGRESS} />);
    expect(figure('Current streak')).toBe('3 days');
    expect(figure('Known words')).toBe('1,540');
    expect(figure('Reviewed')).toBe('136');
    expect(figure('Lines read')).toBe('165');
    expect(figure('Characters read')).toBe('5,400');
    expect(figure('Time read')).toBe('1 h 05 min');
  });

  it('says "1 day" for a streak of one', () => {
    render(<ProgressCharts progress={{ ...PROGRESS, streak: 1, totals: { ...PROGRESS.totals, seconds: 720 } }} />);
    expect(figure('Current streak')).toBe('1 day');
    expect(figure('Time read')).toBe('12 min');
  });

  it('gives every chart a figure, a caption and a table of its days and values', () => {
    const { container } = render(<ProgressCharts progress={PROGRESS} />);
    const captions = Array.from(container.querySelectorAll('figure > figcaption'), (caption) => caption.textContent);
    expect(captions).toEqual([
      'Known words',
      'Words learned and reviewed per day',
      'Lines read per day',
      'Characters read per day',
      'Minutes read per day',
    ]);
    for (const plot of container.querySelectorAll('.progress-chart__plot')) expect(plot.getAttribute('aria-hidden')).toBe('true');
    for (const details of container.querySelectorAll('figure > details.progress-chart__table')) {
      expect(details.querySelector('summary')?.textContent).toBe('Show as table');
    }

    expect(tableText('Known words')).toEqual([
      ['Day', 'Known words'],
      ...DAY_LABELS.map((label, i) => [label, ['500', '508', '507', '507', '520', '531', '540'][i]!]),
    ]);
    expect(tableText('Words learned and reviewed per day')).toEqual([
      ['Day', 'Learned', 'Reviewed'],
      ['Oct 29', '12', '30'],
      ['Oct 30', '8', '25'],
      ['Oct 31', '-1', '10'],
      ['Nov 1', '0', '0'],
      ['Nov 2', '13', '41'],
      ['Nov 3', '11', '18'],
      ['Nov 4', '9', '12'],
    ]);
    expect(tableText('Lines read per day').map((row) => row.join(' | '))).toEqual([
      'Day | Lines',
      'Oct 29 | 40',
      'Oct 30 | 22',
      'Oct 31 | 5',
      'Nov 1 | 0',
      'Nov 2 | 60',
      'Nov 3 | 30',
      'Nov 4 | 8',
    ]);
    expect(tableText('Characters read per day').slice(1).map((row) => row[1])).toEqual(['1,250', '700', '150', '0', '2,040', '960', '300']);
    // Seconds / 60, to one decimal: 600 → 10, 90 → 1.5, 45 → 0.8, 165 → 2.8.
    expect(tableText('Minutes read per day').slice(1).map((row) => row[1])).toEqual(['10', '1.5', '0.8', '0', '30', '20', '2.8']);
  });

  it('labels each level coverage bar with its figures', () => {
    render(<ProgressCharts progress={PROGRESS} />);
    const coverage = screen.getByRole('region', { name: 'Level coverage' });
    const bars = within(coverage).getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'N5: 512 of 800 words known (64%)',
      // 599 of 600 rounds to 100%, but a word is still missing.
      'N4: 599 of 600 words known (99%)',
      'N3: 0 of 1,500 words known (0%)',
    ]);
    expect(within(coverage).getByRole('img', { name: 'N5: 512 of 800 words known (64%)' }).querySelector('span')?.style.width).toBe('64%');
    expect(Array.from(coverage.querySelectorAll('.progress-level__percent'), (cell) => cell.textContent)).toEqual(['64%', '99%', '0%']);
    expect(tableText('Level coverage')).toEqual([
      ['Level', 'Known', 'Words', 'Share'],
      ['N5', '512', '800', '64%'],
      ['N4', '599', '600', '99%'],
      ['N3', '0', '1,500', '0%'],
    ]);
  });

  it('leaves level coverage out when there are no levels', () => {
    render(<ProgressCharts progress={{ ...PROGRESS, coverage: { language: 'ja', levels: [] } }} />);
    expect(screen.queryByRole('region', { name: 'Level coverage' })).toBeNull();
  });

  it('draws nothing where there is no canvas, and does not load uPlot', async () => {
    render(<ProgressCharts progress={PROGRESS} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getContext).toHaveBeenCalled();
    expect(plots.made).toHaveLength(0);
  });
});

describe('ProgressChart with a canvas', () => {
  const days = ['2024-11-03', '2024-11-04'];
  const series = [
    { label: 'Learned', kind: 'bars' as const, values: [3, 4] },
    { label: 'Reviewed', kind: 'bars' as const, values: [7, 1200], format: (n: number) => `${n} cards` },
  ];

  it('builds a uPlot time chart of UTC-midnight seconds, bars side by side, and destroys it on unmount', async () => {
    getContext.mockReturnValue({} as CanvasRenderingContext2D);
    const { container, unmount } = render(<ProgressChart title="Words" days={days} series={series} height={180} />);
    await waitFor(() => expect(plots.made).toHaveLength(1));

    const [plot] = plots.made;
    const opts = plot!.opts as uPlot.Options;
    expect(plot!.target).toBe(container.querySelector('.progress-chart__plot'));
    expect(plot!.data).toEqual([
      [1730592000, 1730678400],
      [3, 4],
      [7, 1200],
    ]);
    expect(opts.height).toBe(180);
    expect(opts.scales?.x?.time).toBe(true);
    const xTicks = opts.axes![0]!.values as (u: uPlot, splits: number[]) => string[];
    expect(xTicks({} as uPlot, [1730592000, 1730678400])).toEqual(['Nov 3', 'Nov 4']);

    // Each of the two bar series takes half of a 0.7-day slot centred on the day.
    const bars = opts.series.slice(1).map((entry) => (entry.paths as unknown as { bars: uPlot.Series.BarsPathBuilderOpts }).bars);
    const fakeU = { data: [[0, 86400]] } as unknown as uPlot;
    expect(bars.map((entry) => entry.disp!.x0!.values(fakeU, 1, 0, 1))).toEqual([
      [-30240, 56160],
      [0, 86400],
    ]);
    expect(bars.map((entry) => entry.disp!.size!.values(fakeU, 1, 0, 1))).toEqual([[30240], [30240]]);
    const value = opts.series[2]!.value as (u: uPlot, v: number) => string;
    expect(value({} as uPlot, 1200)).toBe('1200 cards');
    // Colours come from the tokens, or their light-theme values where the tokens are not loaded.
    const stroke = opts.series[1]!.stroke as (u: uPlot, i: number) => string;
    expect(stroke({} as uPlot, 1)).toBe('#6b3fd4');

    unmount();
    expect(plot!.destroy).toHaveBeenCalledTimes(1);
  });

  it('keeps the table when uPlot cannot build the chart', async () => {
    getContext.mockReturnValue({} as CanvasRenderingContext2D);
    plots.fail.next = true;
    render(<ProgressChart title="Words" days={days} series={series} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(plots.made).toHaveLength(0);
    expect(tableText('Words')).toEqual([
      ['Day', 'Learned', 'Reviewed'],
      ['Nov 3', '3', '7 cards'],
      ['Nov 4', '4', '1200 cards'],
    ]);
  });
});

describe('progress formats', () => {
  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(720)).toBe('12 min');
    expect(formatDuration(3599)).toBe('59 min');
    expect(formatDuration(3600)).toBe('1 h 00 min');
    expect(formatDuration(3900)).toBe('1 h 05 min');
    expect(formatDuration(36_000 + 59 * 60)).toBe('10 h 59 min');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('formats days without shifting them by a time zone', () => {
    expect(formatDay('2024-11-03')).toBe('Nov 3');
    expect(formatDay('2025-01-01')).toBe('Jan 1');
    expect(formatDay('2024-12-31')).toBe('Dec 31');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('turns days into UTC-midnight seconds and back', () => {
    expect(dayToUtcSeconds('1970-01-02')).toBe(86_400);
    expect(dayToUtcSeconds('2024-11-03')).toBe(1730592000);
    expect(utcSecondsToDay(1730592000)).toBe('2024-11-03');
  });

  it('never rounds a level up to 100% while words are missing', () => {
    expect(coveragePercent({ known: 512, total: 800 })).toBe(64);
    expect(coveragePercent({ known: 799, total: 800 })).toBe(99);
    expect(coveragePercent({ known: 800, total: 800 })).toBe(100);
    expect(coveragePercent({ known: 0, total: 0 })).toBe(0);
  });
});
