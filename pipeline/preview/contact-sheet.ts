// The contact sheet of one task as an HTML page for renders/html-to-png.ts: a title, what
// the question says each image shows, then one row per question: its id, split, complex,
// answer and (choice tasks) options on the left, its images in question order on the right,
// each numbered, option images with their letter and the correct one framed in green.
import { HTML_FONT_FAMILY } from '../../renders/html-to-png.ts';
import { escapeHtml } from './html-text.ts';
import { imageDescriptions, type PreviewQuestion } from './read-questions.ts';

export interface SheetOptions {
  /** Tile width in pixels (images are scaled down to it). */
  tile: number;
  /** Shown in the title, e.g. "8 of 24 questions". */
  total: number;
  /** Also show the first question's first image at full size (its labels as a model reads them). */
  fullSize?: { width: number };
}

export interface SheetPage {
  html: string;
  width: number;
  /** URL path in the page -> image file path relative to the dataset folder. */
  files: Map<string, string>;
  rows: number;
  /** Image tiles per row. */
  tilesPerRow: number[];
}

const INFO_WIDTH = 250;
const GAP = 6;
const PAD = 10;

export function correctLetter(q: PreviewQuestion): string | null {
  return q.options && /^[A-Z]$/.test(q.answer.trim()) ? q.answer.trim() : null;
}

/** `meta.params` on one line: `residue LEU _:52 · bonds 2 · minDistance 2.71`. */
export function paramsLine(params: Record<string, unknown>): string {
  const show = (v: unknown): string =>
    typeof v === 'number'
      ? String(Math.round(v * 100) / 100)
      : Array.isArray(v)
        ? v.map(show).join(', ')
        : typeof v === 'string'
          ? v
          : JSON.stringify(v);
  return Object.entries(params)
    .map(([k, v]) => `${k} ${show(v)}`)
    .join(' · ');
}

function infoCell(q: PreviewQuestion): string {
  const letter = correctLetter(q);
  const opts = (q.options ?? [])
    .map((o) => `<div class="opt${o.letter === letter ? ' ok' : ''}"><b>${escapeHtml(o.letter)}</b> ${escapeHtml(o.commands)}</div>`)
    .join('');
  return (
    `<div class="info"><div class="id">${escapeHtml(q.id)}</div>` +
    `<div class="sub">${escapeHtml(q.split)} · ${escapeHtml(q.complex)} · ${q.images.length} images</div>` +
    `<div class="ans">answer: <b>${escapeHtml(q.answer)}</b></div>${opts}` +
    (Object.keys(q.params).length ? `<div class="params">${escapeHtml(paramsLine(q.params))}</div>` : '') +
    `</div>`
  );
}

export function contactSheetPage(task: string, questions: PreviewQuestion[], options: SheetOptions): SheetPage {
  const files = new Map<string, string>();
  const urlOf = new Map<string, string>();
  const url = (image: string) => {
    let u = urlOf.get(image);
    if (!u) {
      u = `/img/${urlOf.size}.png`;
      urlOf.set(image, u);
      files.set(u, image);
    }
    return u;
  };
  const rows = questions.map((q) => {
    const letter = correctLetter(q);
    const optionOf = new Map((q.options ?? []).map((o) => [o.image, o.letter]));
    const tiles = q.images
      .map((image, i) => {
        const opt = optionOf.get(image);
        const cls = opt === undefined ? 'tile' : opt === letter ? 'tile opt-tile ok' : 'tile opt-tile';
        const caption = opt === undefined ? `${i + 1}` : `${i + 1} · option ${escapeHtml(opt)}`;
        return `<figure class="${cls}"><figcaption>${caption}</figcaption><img src="${url(image)}"></figure>`;
      })
      .join('');
    return `<div class="row">${infoCell(q)}<div class="tiles">${tiles}</div></div>`;
  });
  const most = Math.max(1, ...questions.map((q) => q.images.length));
  const full = options.fullSize && questions[0]?.images.length ? questions[0] : null;
  const width = Math.max(PAD * 2 + INFO_WIDTH + most * (options.tile + GAP + 4), full ? PAD * 2 + options.fullSize!.width : 0);
  const fullHtml = full
    ? `<div class="full"><div class="sub">${escapeHtml(full.id)}, image 1 at full size (${options.fullSize!.width} px)</div><img src="${url(full.images[0])}"></div>`
    : '';
  const legend = [...imageDescriptions(questions[0]?.question ?? '')].map(([k, d]) => `<li><b>${k}</b> ${escapeHtml(d)}</li>`).join('');
  const t = options.tile;
  const css = `
    body{margin:0;background:#1d1d1d;color:#e8e8e8;font-family:'${HTML_FONT_FAMILY}';font-size:13px;}
    .sheet{padding:${PAD}px;}
    h1{font-size:18px;margin:0 0 4px 0;}
    ul.legend{list-style:none;margin:0 0 8px 0;padding:0;font-size:12px;color:#bbb;columns:2;column-gap:24px;}
    ul.legend b{color:#fff;display:inline-block;min-width:18px;}
    .row{display:flex;align-items:flex-start;border-top:1px solid #444;padding:6px 0;}
    .info{width:${INFO_WIDTH}px;flex:none;padding-right:8px;box-sizing:border-box;}
    .id{font-size:14px;font-weight:bold;color:#fff;word-break:break-all;}
    .sub{color:#aaa;margin:2px 0 4px 0;}
    .ans b{color:#ffd75e;font-size:14px;}
    .opt{font-size:12px;color:#ccc;margin-top:2px;}
    .opt.ok{color:#7be07b;}
    .params{font-size:11px;color:#9a9a9a;margin-top:4px;word-break:break-word;}
    .tiles{display:flex;flex-wrap:nowrap;gap:${GAP}px;}
    figure{margin:0;width:${t + 4}px;}
    figcaption{font-size:12px;color:#ddd;height:16px;white-space:nowrap;overflow:hidden;}
    figure img{display:block;width:${t}px;height:auto;border:2px solid #1d1d1d;}
    figure.opt-tile figcaption{color:#9ecbff;}
    figure.ok img{border-color:#39d639;}
    figure.ok figcaption{color:#7be07b;}
    .full{border-top:1px solid #444;padding:6px 0;}
    .full img{display:block;}`;
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body><div class="sheet">` +
    `<h1>${escapeHtml(task)}: ${questions.length} of ${options.total} questions</h1>` +
    (legend ? `<ul class="legend">${legend}</ul>` : '') +
    rows.join('') +
    fullHtml +
    `</div></body></html>`;
  return { html, width, files, rows: questions.length, tilesPerRow: questions.map((q) => q.images.length) };
}
