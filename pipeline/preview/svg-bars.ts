// A bar chart as SVG text, drawn by hand: categories along x, one bar per series in each
// category (grouped), a y axis from 0 with round ticks, the value above each bar, a legend
// when there are several series. Labels that would collide are turned 45 degrees.
import { escapeHtml } from './html-text.ts';

export interface BarSeries {
  name: string;
  color: string;
  /** One value per category (NaN: no bar). */
  values: number[];
  /** A whisker of +- this about each bar (a standard deviation), per category; none when absent or NaN. */
  spread?: number[];
}

export interface BarChart {
  title: string;
  categories: string[];
  series: BarSeries[];
  xLabel?: string;
  yLabel?: string;
  /** The top of the y axis (scores: 100); default the largest value (whiskers included) up to a round tick. Whiskers stop there. */
  yMax?: number;
  /** Label a bar of 0 too (a score of 0 is a figure; a count of 0 is left bare by default). */
  labelZero?: boolean;
  /** Pixels; default 480 x 260. The width grows when there are many bars. */
  width?: number;
  height?: number;
}

/** A round tick step giving about `count` ticks up to `max`. */
export function tickStep(max: number, count = 5): number {
  if (max <= 0) return 1;
  const raw = max / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw)!;
  return Math.max(1, step);
}

const CHAR = 7; // rough width of one 12 px character

export function barChartSvg(c: BarChart): { svg: string; width: number; height: number } {
  const nBars = c.categories.length * Math.max(1, c.series.length);
  const longest = Math.max(1, ...c.categories.map((s) => s.length));
  const left = 48;
  const right = 12;
  const top = c.series.length > 1 ? 62 : 44; // title, legend, then room for the tallest bar's value
  const width = Math.max(c.width ?? 480, left + right + nBars * 14 + c.categories.length * 6);
  const slot = (width - left - right) / Math.max(1, c.categories.length);
  const turned = longest * CHAR > slot - 4;
  const bottom = (turned ? Math.min(longest, 24) * CHAR * 0.72 + 14 : 22) + (c.xLabel ? 18 : 0);
  const height = (c.height ?? 260) + (turned ? bottom - 22 : 0);
  const plotH = height - top - bottom;
  const max = Math.max(
    0,
    ...c.series.flatMap((s) => s.values.map((v, i) => v + (Number.isFinite(s.spread?.[i]) ? s.spread![i] : 0)).filter(Number.isFinite)),
  );
  const step = tickStep(c.yMax ?? max);
  const yMax = c.yMax ?? Math.max(step, Math.ceil(max / step) * step);
  const y = (v: number) => top + plotH - (v / yMax) * plotH;
  const out: string[] = [];
  out.push(`<text x="${left}" y="18" class="title">${escapeHtml(c.title)}</text>`);
  for (let v = 0; v <= yMax + 1e-9; v += step) {
    out.push(`<line x1="${left}" x2="${width - right}" y1="${y(v)}" y2="${y(v)}" class="grid"/>`);
    out.push(`<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end" class="tick">${v}</text>`);
  }
  const groupW = slot * 0.8;
  const barW = groupW / Math.max(1, c.series.length);
  c.categories.forEach((cat, i) => {
    const x0 = left + i * slot + (slot - groupW) / 2;
    c.series.forEach((s, k) => {
      const v = s.values[i] ?? 0;
      if (!Number.isFinite(v)) return;
      const x = x0 + k * barW;
      const sd = s.spread?.[i];
      out.push(
        `<rect x="${x.toFixed(1)}" y="${y(v).toFixed(1)}" width="${Math.max(1, barW - 1).toFixed(1)}" height="${(top + plotH - y(v)).toFixed(1)}" fill="${s.color}"/>`,
      );
      const whisker = sd !== undefined && Number.isFinite(sd) && sd > 0;
      if (whisker) {
        const cx = (x + (barW - 1) / 2).toFixed(1);
        const [lo, hi] = [y(Math.max(0, v - sd)).toFixed(1), y(Math.min(yMax, v + sd)).toFixed(1)];
        out.push(`<line x1="${cx}" x2="${cx}" y1="${lo}" y2="${hi}" class="whisker"/>`);
        for (const at of [lo, hi])
          out.push(
            `<line x1="${(x + barW * 0.25).toFixed(1)}" x2="${(x + barW * 0.75 - 1).toFixed(1)}" y1="${at}" y2="${at}" class="whisker"/>`,
          );
      }
      if ((v > 0 || (c.labelZero && v === 0)) && barW >= 12)
        out.push(
          `<text x="${(x + barW / 2).toFixed(1)}" y="${(y(whisker ? Math.min(yMax, v + sd) : v) - 3).toFixed(1)}" text-anchor="middle" class="value">${v}</text>`,
        );
    });
    const cx = left + i * slot + slot / 2;
    const label = escapeHtml(cat.length > 24 ? cat.slice(0, 23) + '…' : cat);
    const ly = top + plotH + 14;
    out.push(
      turned
        ? `<text x="${cx.toFixed(1)}" y="${ly}" text-anchor="end" transform="rotate(-45 ${cx.toFixed(1)} ${ly})" class="tick">${label}</text>`
        : `<text x="${cx.toFixed(1)}" y="${ly}" text-anchor="middle" class="tick">${label}</text>`,
    );
  });
  out.push(`<line x1="${left}" x2="${width - right}" y1="${top + plotH}" y2="${top + plotH}" class="axis"/>`);
  if (c.xLabel)
    out.push(
      `<text x="${left + (width - left - right) / 2}" y="${height - 4}" text-anchor="middle" class="label">${escapeHtml(c.xLabel)}</text>`,
    );
  if (c.yLabel)
    out.push(
      `<text x="12" y="${top + plotH / 2}" text-anchor="middle" transform="rotate(-90 12 ${top + plotH / 2})" class="label">${escapeHtml(c.yLabel)}</text>`,
    );
  if (c.series.length > 1) {
    // 110 px per entry, more for a name that needs it.
    let x = left;
    c.series.forEach((s) => {
      out.push(
        `<rect x="${x}" y="26" width="12" height="12" fill="${s.color}"/><text x="${x + 16}" y="36" class="tick">${escapeHtml(s.name)}</text>`,
      );
      x += Math.max(110, 16 + s.name.length * CHAR + 14);
    });
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${out.join('')}</svg>`;
  return { svg, width: Math.ceil(width), height: Math.ceil(height) };
}

/** CSS for the classes used by barChartSvg, for a page with a light background. */
export const BAR_CHART_CSS = `
  svg{display:block;background:#fff;}
  svg .title{font-size:14px;font-weight:bold;fill:#222;}
  svg .tick{font-size:12px;fill:#333;}
  svg .value{font-size:11px;fill:#333;}
  svg .label{font-size:12px;fill:#555;}
  svg .grid{stroke:#e4e4e4;stroke-width:1;}
  svg .axis{stroke:#555;stroke-width:1;}
  svg .whisker{stroke:#222;stroke-width:1.5;}`;
