// The static HTML preview of one task (every picked question: its images beside its text,
// answer and options) and the index page that links the tasks. Images are linked, not
// copied: their URLs lead from the page's folder to the dataset's images/.
import { join } from 'node:path';
import { correctLetter, paramsLine } from './contact-sheet.ts';
import { escapeHtml, relativeUrl } from './html-text.ts';
import type { PreviewQuestion } from './read-questions.ts';

const CSS = `
  body{margin:16px;background:#1d1d1d;color:#e8e8e8;font-family:'DejaVu Sans',sans-serif;font-size:14px;}
  a{color:#9ecbff;}
  section{display:grid;grid-template-columns:minmax(0,3fr) minmax(320px,2fr);gap:16px;border-top:1px solid #555;padding:12px 0;}
  h2{grid-column:1 / -1;margin:0;font-size:17px;}
  .images{display:flex;flex-wrap:wrap;gap:8px;align-content:flex-start;}
  figure{margin:0;}
  figure img{width:200px;height:auto;display:block;border:3px solid #1d1d1d;}
  figure.ok img{border-color:#39d639;}
  figcaption{font-size:12px;color:#ccc;}
  .answer{font-size:16px;} .answer b{color:#ffd75e;}
  table{border-collapse:collapse;margin:8px 0;} td{padding:2px 8px 2px 0;vertical-align:top;}
  tr.ok td{color:#7be07b;font-weight:bold;}
  .params{color:#aaa;font-size:13px;}
  pre{white-space:pre-wrap;font-family:inherit;font-size:13px;color:#ccc;background:#262626;padding:8px;}`;

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${CSS}</style></head><body>${body}</body></html>\n`;
}

/** Image path (relative to the dataset) -> its URL as written in the page. */
export type ImageUrl = (image: string) => string;

export function imageUrlFrom(pageDir: string, datasetDir: string): ImageUrl {
  return (image) => relativeUrl(pageDir, join(datasetDir, image));
}

function questionSection(q: PreviewQuestion, url: ImageUrl): string {
  const letter = correctLetter(q);
  const optionOf = new Map((q.options ?? []).map((o) => [o.image, o.letter]));
  const figures = q.images
    .map((image, i) => {
      const opt = optionOf.get(image);
      const caption = `Image ${i + 1}${opt === undefined ? '' : ` (option ${escapeHtml(opt)})`}`;
      return `<figure${opt !== undefined && opt === letter ? ' class="ok"' : ''}><a href="${url(image)}"><img src="${url(image)}" alt="${caption}"></a><figcaption>${caption}</figcaption></figure>`;
    })
    .join('');
  const options = q.options?.length
    ? `<table>${q.options.map((o) => `<tr${o.letter === letter ? ' class="ok"' : ''}><td>${escapeHtml(o.letter)}</td><td>${escapeHtml(o.commands)}</td></tr>`).join('')}</table>`
    : '';
  return (
    `<section id="${escapeHtml(q.id)}"><h2>${escapeHtml(q.id)} <small>(${escapeHtml(q.split)}, ${escapeHtml(q.complex)})</small></h2>` +
    `<div class="images">${figures}</div><div><div class="answer">Answer: <b>${escapeHtml(q.answer)}</b></div>${options}` +
    (Object.keys(q.params).length ? `<p class="params">Parameters: ${escapeHtml(paramsLine(q.params))}</p>` : '') +
    `<pre>${escapeHtml(q.question)}</pre></div></section>`
  );
}

export function taskPageHtml(task: string, questions: PreviewQuestion[], total: number, url: ImageUrl): string {
  return page(
    `${task}: preview`,
    `<p><a href="index.html">all tasks</a></p><h1>${escapeHtml(task)}: ${questions.length} of ${total} questions</h1>` +
      questions.map((q) => questionSection(q, url)).join(''),
  );
}

export function indexPageHtml(
  datasetName: string,
  tasks: { task: string; shown: number; total: number; sheet: string; page: string }[],
): string {
  const rows = tasks
    .map(
      (t) =>
        `<tr><td><a href="${encodeURIComponent(t.page)}">${escapeHtml(t.task)}</a></td><td>${t.shown} of ${t.total}</td><td><a href="${encodeURIComponent(t.sheet)}">contact sheet</a></td></tr>`,
    )
    .join('');
  return page(`${datasetName}: preview`, `<h1>Preview of ${escapeHtml(datasetName)}</h1><table>${rows}</table>`);
}
