// `misi-gen preview`: for each task (or one), pick n questions across its answers (every
// verdict and letter) and spread over the task and
// write `<out>/<task>.png` (contact sheet drawn by Chromium) and `<out>/<task>.html`, plus
// `<out>/index.html` linking them. Bad data fails with a one-line DatasetReadError.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { DEFAULT_IMAGE_SIZE, defaultImageSize } from '../../qa/task.ts';
import { taskById } from '../../qa/task-registry.ts';
import { HtmlToPng } from '../../renders/html-to-png.ts';
import { datasetPaths } from '../dataset/layout.ts';
import { DatasetReadError } from '../dataset/read-dataset.ts';
import { contactSheetPage } from './contact-sheet.ts';
import { toPalettePng } from './palette-png.ts';
import { imageUrlFrom, indexPageHtml, taskPageHtml } from './question-page.ts';
import { pickAcrossAnswers, readQuestionsByTask } from './read-questions.ts';
import { writeWhole } from './write-whole.ts';

/** A task whose images are drawn larger than the default (TaskModule.defaultImageSize: its
 * answers name labels of a whole pocket), a task loaded with --task-module too. */
function drawnLarge(task: string): boolean {
  const t = taskById(task);
  return t !== undefined && defaultImageSize(t) > DEFAULT_IMAGE_SIZE;
}

/** Width of a PNG from its header (0 when the file is no PNG). */
function pngWidth(path: string): number {
  const b = readFileSync(path);
  return b.length >= 24 && b.toString('latin1', 12, 16) === 'IHDR' ? b.readUInt32BE(16) : 0;
}

export interface PreviewOptions {
  dir: string;
  out: string;
  /** Only this task. */
  task?: string;
  /** Questions per task. */
  n: number;
  /** Tile width of the contact sheets, pixels. */
  tile: number;
  log?: (line: string) => void;
}

export interface PreviewFile {
  task: string;
  shown: number;
  total: number;
  sheet: string;
  page: string;
}

export async function runPreview(o: PreviewOptions): Promise<PreviewFile[]> {
  const log = o.log ?? (() => {});
  const byTask = readQuestionsByTask(o.dir);
  if (o.task !== undefined && !byTask.has(o.task)) {
    throw new DatasetReadError(
      `${datasetPaths(o.dir).qaDir}: no questions files for task '${o.task}' (tasks there: ${[...byTask.keys()].join(', ') || 'none'})`,
    );
  }
  const tasks = (o.task === undefined ? [...byTask.keys()] : [o.task]).filter((t) => {
    if (byTask.get(t)!.length) return true;
    log(`preview: ${t} has no questions, skipped`);
    return false;
  });
  const picked = new Map(tasks.map((t) => [t, pickAcrossAnswers(byTask.get(t)!, o.n)]));
  for (const list of picked.values())
    for (const q of list)
      for (const image of q.images) {
        const path = datasetPaths(o.dir).file(image);
        if (!existsSync(path)) throw new DatasetReadError(`${path}: image of ${q.id} not found`);
      }
  mkdirSync(o.out, { recursive: true });
  const url = imageUrlFrom(resolve(o.out), resolve(o.dir));
  const written: PreviewFile[] = [];
  const renderer = tasks.length ? await HtmlToPng.open() : null;
  try {
    for (const task of tasks) {
      const questions = picked.get(task)!;
      const total = byTask.get(task)!.length;
      // A task drawn larger for its labels also shows one image at full size: can they be read?
      const fullWidth = drawnLarge(task) && questions[0] ? pngWidth(datasetPaths(o.dir).file(questions[0].images[0])) : 0;
      const fullSize = fullWidth > 0 ? { width: fullWidth } : undefined;
      const sheet = contactSheetPage(task, questions, { tile: o.tile, total, fullSize });
      const files = new Map([...sheet.files].map(([u, image]) => [u, resolve(o.dir, image)]));
      const png = toPalettePng(await renderer!.render(sheet.html, { width: sheet.width, files, timeoutMs: 120000 }));
      const entry = { task, shown: questions.length, total, sheet: `${task}.png`, page: `${task}.html` };
      writeWhole(join(o.out, entry.sheet), png);
      writeWhole(join(o.out, entry.page), taskPageHtml(task, questions, total, url));
      written.push(entry);
      log(`preview: ${task}: ${questions.length} of ${total} questions -> ${join(o.out, entry.sheet)}`);
    }
  } finally {
    await renderer?.close();
  }
  writeWhole(join(o.out, 'index.html'), indexPageHtml(basename(resolve(o.dir)), written));
  return written;
}
