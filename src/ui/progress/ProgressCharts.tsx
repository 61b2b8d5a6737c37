import { useId, useMemo } from 'react';
import type { Progress } from '../../shared/progress';
import { coveragePercent, formatDuration } from './format';
import { ProgressChart, type ProgressChartSeries } from './ProgressChart';

type LevelEntry = Progress['coverage']['levels'][number];

const count = (n: number) => n.toLocaleString('en');

/** The page's headline figures: what the learner sees first, before any chart. */
function ProgressFigures({ progress }: { progress: Progress }) {
  const { streak, totals } = progress;
  const figures: [label: string, value: string][] = [
    ['Current streak', `${count(streak)} ${streak === 1 ? 'day' : 'days'}`],
    ['Known words', count(totals.known)],
    ['Reviewed', count(totals.reviewed)],
    ['Lines read', count(totals.lines)],
    ['Characters read', count(totals.characters)],
    ['Time read', formatDuration(totals.seconds)],
  ];
  return (
    <dl className="progress-figures">
      {figures.map(([label, value]) => (
        <div className="progress-figure" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How much of each level's word list the learner knows: a bar per level, and the same figures as a table. */
function LevelCoverage({ levels }: { levels: LevelEntry[] }) {
  const headingId = useId();
  return (
    <section className="progress-coverage" aria-labelledby={headingId}>
      <h2 id={headingId}>Level coverage</h2>
      <ul className="progress-levels">
        {levels.map((entry) => {
          const percent = coveragePercent(entry);
          return (
            <li className="progress-level" key={entry.level}>
              {/* The bar's label says it all to a screen reader; the visible name and share would only repeat it. */}
              <span className="progress-level__name" aria-hidden="true">
                {entry.level}
              </span>
              <span
                className="progress-level__bar"
                role="img"
                aria-label={`${entry.level}: ${count(entry.known)} of ${count(entry.total)} words known (${percent}%)`}
              >
                <span style={{ width: `${percent}%` }} />
              </span>
              <span className="progress-level__percent" aria-hidden="true">
                {percent}%
              </span>
            </li>
          );
        })}
      </ul>
      <details className="progress-chart__table">
        <summary>Show as table</summary>
        <div className="progress-table-scroll">
          <table className="progress-table">
            <caption>Level coverage</caption>
            <thead>
              <tr>
                <th scope="col">Level</th>
                <th scope="col">Known</th>
                <th scope="col">Words</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {levels.map((entry) => (
                <tr key={entry.level}>
                  <th scope="row">{entry.level}</th>
                  <td>{count(entry.known)}</td>
                  <td>{count(entry.total)}</td>
                  <td>{coveragePercent(entry)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

interface ChartSpec {
  title: string;
  series: ProgressChartSeries[];
}

/** Reading time per day in minutes, to one decimal: seconds would make the axis unreadable. */
const toMinutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;

/** The learner's progress page body: headline figures, a chart per daily measure, and level coverage. */
export function ProgressCharts({ progress }: { progress: Progress }) {
  const { days: entries, coverage } = progress;
  // Memoised on the days, so a re-render with the same data does not rebuild every chart.
  const days = useMemo(() => entries.map((entry) => entry.day), [entries]);
  const charts = useMemo<ChartSpec[]>(() => {
    const column = (pick: (entry: (typeof entries)[number]) => number) => entries.map(pick);
    return [
      { title: 'Known words', series: [{ label: 'Known words', kind: 'line', values: column((e) => e.known) }] },
      {
        title: 'Words learned and reviewed per day',
        series: [
          { label: 'Learned', kind: 'bars', values: column((e) => e.learned) },
          { label: 'Reviewed', kind: 'bars', values: column((e) => e.reviewed) },
        ],
      },
      { title: 'Lines read per day', series: [{ label: 'Lines', kind: 'bars', values: column((e) => e.lines) }] },
      { title: 'Characters read per day', series: [{ label: 'Characters', kind: 'bars', values: column((e) => e.characters) }] },
      { title: 'Minutes read per day', series: [{ label: 'Minutes', kind: 'bars', values: column((e) => toMinutes(e.seconds)) }] },
    ];
  }, [entries]);

  return (
    <div className="progress-page">
      <ProgressFigures progress={progress} />
      <div className="progress-charts">
        {charts.map((chart) => (
          <ProgressChart key={chart.title} title={chart.title} days={days} series={chart.series} />
        ))}
      </div>
      {coverage.levels.length > 0 && <LevelCoverage levels={coverage.levels} />}
    </div>
  );
}
