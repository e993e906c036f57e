// The comparison as a bar chart PNG: per task (and RL+, RL-, the paper's average) the bars
// of chance, the audit's best blind baseline, a text-only model, the model without and with
// the images, and people (a whisker of one standard deviation), composite score. Drawn as the
// charts of `stats --out` are (pipeline/preview/: SVG by hand, rendered with the bundled font
// by renders/html-to-png.ts, written as a palette PNG).
import { HtmlToPng } from '../../renders/html-to-png.ts';
import { paperAverageColumns } from '../paper-columns.ts';
import { toPalettePng } from '../preview/palette-png.ts';
import { chartPage } from '../preview/stats-charts.ts';
import type { BarChart, BarSeries } from '../preview/svg-bars.ts';
import { writeWhole } from '../preview/write-whole.ts';
import type { CompareRow, CompareRuns } from './compare-rows.ts';

/** Bars are labelled to the whole percent (the table gives one decimal), so the labels fit their bars. */
const round1 = (x: number | null | undefined) => (x === null || x === undefined ? Number.NaN : Math.round(x));
/** Pixels per bar, so a label of three digits fits over it; and per legend entry (as svg-bars.ts lays it out). */
const BAR = 30;
const legendWidth = (names: string[]) => 60 + names.reduce((w, n) => w + Math.max(110, 30 + n.length * 7), 0);

/** The chart's series, those with at least one figure. */
export function compareSeries(runs: CompareRuns, rows: CompareRow[]): BarSeries[] {
  const series: BarSeries[] = [
    { name: 'chance', color: '#b9b9b9', values: rows.map((r) => round1(r.blind?.chance)) },
    { name: 'best blind baseline (audit)', color: '#9c755f', values: rows.map((r) => round1(r.blind?.best?.score)) },
    ...(runs.textOnly ? [{ name: 'text-only model (S_t)', color: '#b07aa1', values: rows.map((r) => round1(r.textOnly?.composite)) }] : []),
    { name: 'without images (S_wv)', color: '#e08a2c', values: rows.map((r) => round1(r.withoutImages.composite)) },
    { name: 'with images (S_v)', color: '#4a78c2', values: rows.map((r) => round1(r.withImages.composite)) },
    ...(runs.people.length
      ? [
          {
            name: `people (mean, sd; ${runs.people.length} files)`,
            color: '#59a14f',
            values: rows.map((r) => round1(r.people?.composite.mean)),
            spread: rows.map((r) => round1(r.people?.composite.sd)),
          },
        ]
      : []),
  ];
  return series.filter((s) => s.values.some(Number.isFinite));
}

export function compareChartHtml(runs: CompareRuns, rows: CompareRow[]): { html: string; width: number } {
  const v = runs.withImages;
  const series = compareSeries(runs, rows);
  const chart: BarChart = {
    title: `Composite score per task, percent (split ${v.split}), to the whole percent`,
    categories: rows.map((r) => (r.kind === 'average' ? 'paper average' : r.row)),
    series,
    yLabel: 'score, percent',
    yMax: 100,
    labelZero: true,
    width: Math.max(900, (rows.length * series.length * BAR) / 0.8 + 60, legendWidth(series.map((s) => s.name))),
    height: 400,
  };
  const gains = rows
    .filter((r) => r.gain.composite !== null)
    .map((r) => `${r.kind === 'average' ? 'paper average' : r.row} ${r.gain.composite! > 0 ? '+' : ''}${r.gain.composite!.toFixed(1)}`)
    .join(', ');
  const note = `MG = S_v - S_wv, what the model gets from the images: ${gains}. Paper average: the mean of ${paperAverageColumns().join(', ')}. Files: S_v ${v.predictions}; S_wv ${runs.withoutImages.predictions}${runs.textOnly ? `; S_t ${runs.textOnly.predictions}` : ''}.`;
  const page = chartPage('compare.png', `What a model gets from the images: ${v.dataset}`, [chart], 1, note);
  return { html: page.html, width: page.width };
}

/** Draws the chart to `path` (a PNG). Needs Chromium (misi-gen setup-browser). */
export async function writeCompareChart(path: string, runs: CompareRuns, rows: CompareRow[]): Promise<void> {
  const { html, width } = compareChartHtml(runs, rows);
  const renderer = await HtmlToPng.open();
  try {
    writeWhole(path, toPalettePng(await renderer.render(html, { width })));
  } finally {
    await renderer.close();
  }
}
