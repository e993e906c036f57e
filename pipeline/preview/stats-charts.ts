// The charts of `misi-gen stats --out`: pages of SVG bar charts drawn to PNG by
// renders/html-to-png.ts. counts.png: questions per task and split; answers-<task>.png: one
// chart per answer histogram of the task, exactly those `stats` prints (letters, axes, values,
// verdicts, distances); hbonds.png: how many complexes have k hydrogen bonds (per split) and,
// for up to 60 complexes, the bonds of each.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_SPLITS, isSplit, TINY } from '../../qa/split-names.ts';
import { HTML_FONT_FAMILY, HtmlToPng } from '../../renders/html-to-png.ts';
import { datasetPaths } from '../dataset/layout.ts';
import { type ComplexBonds, readComplexBonds } from '../dataset/read-complexes.ts';
import type { TaskStats } from '../generate/dataset-stats.ts';
import { escapeHtml } from './html-text.ts';
import { toPalettePng } from './palette-png.ts';
import { BAR_CHART_CSS, type BarChart, barChartSvg } from './svg-bars.ts';
import { writeWhole } from './write-whole.ts';

export interface ChartPage {
  /** File name, e.g. `counts.png`. */
  name: string;
  html: string;
  width: number;
  /** Charts on the page. */
  charts: number;
}

const SPLIT_COLORS: Record<string, string> = { train: '#4a78c2', test: '#e08a2c' };
const OTHER_COLORS = ['#59a14f', '#b07aa1', '#9c755f'];
const GAP = 16;

function splitSeries(splits: string[]): { name: string; color: string }[] {
  return splits.map((s, i) => ({ name: s, color: SPLIT_COLORS[s] ?? OTHER_COLORS[i % OTHER_COLORS.length] }));
}

function orderSplits(splits: Iterable<string>): string[] {
  const rank = (s: string) => (isSplit(s) && BASE_SPLITS.includes(s) ? BASE_SPLITS.indexOf(s) : BASE_SPLITS.length);
  return [...new Set(splits)].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
}

const numericFirst = (a: string, b: string) => {
  const x = Number(a);
  const y = Number(b);
  return Number.isNaN(x) || Number.isNaN(y) ? (a < b ? -1 : a > b ? 1 : 0) : x - y;
};

/** A page holding charts `columns` to a row. */
export function chartPage(name: string, heading: string, charts: BarChart[], columns: number, note = ''): ChartPage {
  const drawn = charts.map(barChartSvg);
  const colW = Math.max(1, ...drawn.map((d) => d.width));
  const cols = Math.max(1, Math.min(columns, drawn.length));
  const width = cols * colW + (cols + 1) * GAP;
  const css = `body{margin:0;background:#fff;font-family:'${HTML_FONT_FAMILY}';}
    .page{padding:${GAP}px;} h1{font-size:17px;margin:0 0 ${GAP}px 0;color:#222;}
    .grid{display:grid;grid-template-columns:repeat(${cols}, ${colW}px);gap:${GAP}px;} ${BAR_CHART_CSS}
    p{font-size:13px;color:#555;margin:0;}`;
  const body = drawn.length ? `<div class="grid">${drawn.map((d) => d.svg).join('')}</div>` : '<p>nothing to chart</p>';
  const foot = note ? `<p style="margin-top:${GAP}px">${escapeHtml(note)}</p>` : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body><div class="page"><h1>${escapeHtml(heading)}</h1>${body}${foot}</div></body></html>`;
  return { name, html, width: Math.max(width, 420), charts: drawn.length };
}

export function countsPage(stats: TaskStats[]): ChartPage {
  const splits = orderSplits(stats.flatMap((s) => Object.keys(s.count)));
  const chart: BarChart = {
    title: 'Questions per task and split',
    categories: stats.map((s) => s.task),
    series: splitSeries(splits).map((s) => ({ ...s, values: stats.map((t) => t.count[s.name] ?? 0) })),
    yLabel: 'questions',
    width: Math.max(560, stats.length * 90),
    height: 300,
  };
  const note = splits.includes(TINY) ? 'tiny: the small evaluation set, a subset of test (its questions are also counted in test).' : '';
  return chartPage('counts.png', 'Questions per task and split', [chart], 1, note);
}

export function answersPage(s: TaskStats): ChartPage {
  const charts = Object.entries(s.histograms)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, h]): BarChart => {
      const keys = Object.keys(h).sort(numericFirst);
      return {
        title: `${s.task}: ${name}`,
        categories: keys,
        series: [{ name: 'questions', color: '#4a78c2', values: keys.map((k) => h[k]) }],
        yLabel: 'questions',
        width: 420,
        height: 220,
      };
    });
  const files = Object.entries(s.count)
    .map(([split, n]) => `${split} ${n}`)
    .join(', ');
  return chartPage(`answers-${s.task}.png`, `${s.task}: answer distributions over every qa/ file (${files})`, charts, 2);
}

export function hbondsPage(complexes: ComplexBonds[]): ChartPage {
  const splits = orderSplits(complexes.map((c) => c.split));
  const most = Math.max(0, ...complexes.map((c) => c.hbonds));
  const ks = Array.from({ length: most + 1 }, (_, k) => String(k));
  const charts: BarChart[] = [
    {
      title: 'Complexes by number of H-bonds',
      categories: ks,
      series: splitSeries(splits).map((s) => ({
        ...s,
        values: ks.map((k) => complexes.filter((c) => c.split === s.name && c.hbonds === Number(k)).length),
      })),
      xLabel: 'hydrogen bonds between ligand and pocket',
      yLabel: 'complexes',
      width: 560,
      height: 280,
    },
  ];
  if (complexes.length <= 60) {
    const sorted = [...complexes].sort((a, b) => (a.id < b.id ? -1 : 1));
    charts.push({
      title: 'H-bonds per complex',
      categories: sorted.map((c) => `${c.id} (${c.split})`),
      series: [{ name: 'H-bonds', color: '#59a14f', values: sorted.map((c) => c.hbonds) }],
      yLabel: 'hydrogen bonds',
      width: 560,
      height: 280,
    });
  }
  return chartPage('hbonds.png', `Hydrogen bonds per complex (${complexes.length} complexes)`, charts, 1);
}

/** Draws every chart page into `out` (created if needed); returns the paths written. */
export async function writeStatsCharts(
  dir: string,
  stats: TaskStats[],
  out: string,
  log: (l: string) => void = () => {},
): Promise<string[]> {
  const bonds = await readComplexBonds(dir);
  const pages = [countsPage(stats), ...stats.map(answersPage), ...(bonds ? [hbondsPage(bonds)] : [])];
  if (!bonds) log(`stats: ${datasetPaths(dir).complexes} not found, no H-bond chart`);
  mkdirSync(out, { recursive: true });
  const renderer = await HtmlToPng.open();
  const written: string[] = [];
  try {
    for (const p of pages) {
      const path = join(out, p.name);
      writeWhole(path, toPalettePng(await renderer.render(p.html, { width: p.width })));
      written.push(path);
      log(`stats: ${path}`);
    }
  } finally {
    await renderer.close();
  }
  return written;
}
