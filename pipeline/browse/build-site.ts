// `misi-gen browse`: a static site for one dataset (site/index.html opens from the file
// system). Per task an index of facet columns (site-index.ts) and chunks of records; per
// complex its 3D scene (renders/viewer-scene.ts); the front page's figures: counts per task
// and split, `stats`' charts (SVG, as `stats --out` draws them; not the image sizes and label
// legibility, which read every annotation) and the audit's slot. Images
// are not copied: pages name them relative to the site, so the site keeps working when it
// moves together with the dataset (the default site, <dataset>/browse, always does).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { TEST, TINY } from '../../qa/split-names.ts';
import { answerKindOf, taskById } from '../../qa/task-registry.ts';
import { viewerScene } from '../../renders/viewer-scene.ts';
import { readComplexBonds, readWholeComplexes } from '../dataset/read-complexes.ts';
import { DatasetReadError, openDataset, readQaFile } from '../dataset/read-dataset.ts';
import { datasetStats } from '../generate/dataset-stats.ts';
import { answersPage, countsPage, hbondsPage } from '../preview/stats-charts.ts';
import { type AuditReader, computeAudit } from './audit-slot.ts';
import { copyAssets, writeData } from './site-files.ts';
import { CHUNK, TaskIndexBuilder } from './site-index.ts';

export interface BrowseOptions {
  dir: string;
  out: string;
  /** The audit figures for the front page (default: the audit computed from the dataset, computeAudit). */
  audit?: AuditReader;
  log?: (line: string) => void;
}

export interface BrowseSite {
  out: string;
  questions: number;
  complexes: number;
  /** What was wrong in the dataset (bad lines, missing images), also listed on the front page. */
  problems: string[];
  /** The dataset's files the site's pages name (its images, relative to the dataset): what `--serve` serves of it. */
  datasetFiles: string[];
  seconds: number;
}

/** How many problems the front page lists by name. */
const LIST_AT_MOST = 50;

/** The URL of `to` from the folder `from` (`..` for a site inside its dataset). */
const urlFrom = (from: string, to: string) => relative(from, to).split(sep).map(encodeURIComponent).join('/') || '.';

export async function buildBrowseSite(o: BrowseOptions): Promise<BrowseSite> {
  const started = Date.now();
  const log = o.log ?? (() => {});
  const folder = openDataset(o.dir);
  const problems: string[] = [];
  const out = resolve(o.out);
  if (existsSync(`${out}/data`)) rmSync(`${out}/data`, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  copyAssets(out, ['index.html', 'loader.js', 'browse.js', 'browse-list.js', 'browse-question.js', 'browse.css', 'favicon.svg'], true);
  const datasetUrl = urlFrom(out, resolve(o.dir));
  const images = new Set<string>();
  // `answer`: the task's answer kind (qa/answer-kinds.ts), which says how the question page shows the answer.
  const tasks: { task: string; questions: number; chunks: number; facets: string[]; answer: string }[] = [];
  let questions = 0;
  for (const task of folder.tasks) {
    let tiny = new Set<string>();
    try {
      if (folder.file(task, TINY) || folder.file(task, TEST))
        tiny = new Set(folder.questions(task, TINY, 'answer').map((q) => q.record.id));
    } catch (e) {
      if (!(e instanceof DatasetReadError)) throw e;
      problems.push(e.message);
    }
    const index = new TaskIndexBuilder(task);
    let chunk: unknown[] = [];
    const flush = () => {
      if (!chunk.length) return;
      writeData(out, `records/${task}/${Math.floor((index.size - 1) / CHUNK)}`, chunk);
      chunk = [];
    };
    for (const file of folder.files.filter((f) => f.task === task && f.split !== TINY)) {
      for (const q of readQaFile(file, 'record', (p) => problems.push(p))) {
        index.add(q.record, tiny.has(q.record.id));
        chunk.push(q.record);
        for (const im of [...q.record.images, ...(q.record.options ?? []).flatMap((op) => (op.image ? [op.image] : []))]) images.add(im);
        if (chunk.length === CHUNK) flush();
      }
    }
    flush();
    const built = index.build();
    writeData(out, `index/${task}`, built);
    const module = taskById(task);
    const answer = module ? answerKindOf(module).name : 'text';
    tasks.push({ task, questions: index.size, chunks: Math.ceil(index.size / CHUNK), facets: Object.keys(built.facets), answer });
    questions += index.size;
    log(`browse: ${task}: ${index.size} questions`);
  }
  const missing = [...images].filter((im) => !existsSync(folder.paths.file(im)));
  if (missing.length)
    problems.push(
      `${missing.length} of ${images.size} images the records name are missing from ${folder.paths.images}, e.g. ${missing.slice(0, 3).join(', ')}`,
    );
  const sides = new Map((folder.split?.complexes ?? []).map((c) => [String(c.id), String(c.side ?? '')]));
  const complexes: { id: string; side: string }[] = [];
  for await (const c of readWholeComplexes(o.dir, (p) => problems.push(p))) {
    try {
      writeData(out, `complexes/${c.id}`, viewerScene(c));
      complexes.push({ id: c.id, side: sides.get(c.id) ?? '' });
    } catch (e) {
      problems.push(`${folder.paths.complexes}: complex ${c.id}: cannot draw it (${(e as Error).message})`);
    }
  }
  if (!complexes.length) problems.push(`${folder.paths.complexes}: no complexes, so no 3D views`);
  log(`browse: ${complexes.length} complexes drawn for 3D, ${((Date.now() - started) / 1000).toFixed(1)} s so far`);
  const charts: { title: string; html: string; width: number }[] = [];
  let stats: ReturnType<typeof datasetStats> | null = null;
  try {
    stats = datasetStats(o.dir, { annotations: false });
    const bonds = await readComplexBonds(o.dir);
    for (const p of [countsPage(stats), ...stats.map(answersPage), ...(bonds ? [hbondsPage(bonds)] : [])])
      charts.push({ title: p.name.replace(/\.png$/, ''), html: p.html, width: p.width });
  } catch (e) {
    if (!(e instanceof DatasetReadError)) throw e;
    problems.push(`stats: ${e.message}`);
  }
  log(`browse: stats' figures read, ${((Date.now() - started) / 1000).toFixed(1)} s so far`);
  const audit = (o.audit ?? computeAudit)(o.dir);
  for (const p of audit?.problems ?? []) problems.push(`audit: ${p}`);
  writeData(out, 'summary', {
    dataset: folder.dir,
    datasetUrl,
    builtAt: new Date().toISOString(),
    chunk: CHUNK,
    tasks,
    complexes,
    counts: stats?.map((s) => ({ task: s.task, count: s.count })) ?? [],
    charts,
    audit,
    problems: problems.slice(0, LIST_AT_MOST),
    moreProblems: Math.max(0, problems.length - LIST_AT_MOST),
  });
  return { out, questions, complexes: complexes.length, problems, datasetFiles: [...images], seconds: (Date.now() - started) / 1000 };
}
