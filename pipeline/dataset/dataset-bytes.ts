// What a dataset folder holds on disk, by kind (scripts/dataset-bytes.ts, `npm run
// bench:bytes`): bytes per image, per annotation and per question, and those figures
// projected to the full benchmark (MiSI-Bench: 588k images, 163k questions). Sizes are file
// lengths (what a download or an archive carries), not blocks on disk.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TINY } from '../../qa/split-names.ts';
import { ANNOTATIONS_DIR, datasetPaths, IMAGES_DIR, PARTS_DIR, parseQaFileName, QA_DIR } from './layout.ts';
import { annotationLayoutOf } from './read-annotation.ts';

/** The full benchmark's size (the MiSI-Bench paper): images and questions. */
export const FULL_BENCHMARK = { images: 588_000, questions: 163_000 };

export interface DatasetBytes {
  dir: string;
  annotationLayout: string;
  pngCompression: string;
  images: { files: number; bytes: number };
  /** Per-image annotation files, and the atom tables of the compact layout (one per complex). */
  annotations: { files: number; bytes: number; tables: number; tableBytes: number };
  /** qa/ files but the tiny set (a copy of test questions), and the tiny files apart. */
  questions: { count: number; bytes: number; tinyBytes: number };
  /** complexes.jsonl, manifest.json and the other files at the top. */
  other: number;
  /** parts/ (the run's working state, not needed once the dataset is written). */
  parts: number;
  perImage: number;
  perAnnotation: number;
  perQuestion: number;
  /** Annotation bytes (tables included) over image bytes. */
  annotationShare: number;
  /** At the full benchmark's counts: images, annotations, questions and their sum, bytes. */
  projected: { images: number; annotations: number; questions: number; total: number };
}

function tree(path: string): { files: number; bytes: number } {
  let files = 0,
    bytes = 0;
  let names: string[];
  try {
    names = readdirSync(path);
  } catch {
    // No such folder (a dataset without it): nothing counted.
    return { files, bytes };
  }
  for (const n of names) {
    const p = join(path, n);
    const s = statSync(p);
    if (s.isDirectory()) {
      const t = tree(p);
      files += t.files;
      bytes += t.bytes;
    } else {
      files++;
      bytes += s.size;
    }
  }
  return { files, bytes };
}

const countLines = (text: string) => text.split('\n').filter((l) => l.trim() !== '').length;

export function datasetBytes(dir: string): DatasetBytes {
  const readText = (path: string) => readFileSync(path, 'utf8');
  const p = datasetPaths(dir);
  let manifest: { options?: { annotations?: string; pngCompression?: string } } | null = null;
  try {
    manifest = JSON.parse(readText(p.manifest));
  } catch {
    // No manifest, or one that is not JSON (verify and stats name it): the files alone are counted.
  }
  const images = tree(p.images);
  const annotations = { files: 0, bytes: 0, tables: 0, tableBytes: 0 };
  let annotationNames: string[] = [];
  try {
    annotationNames = readdirSync(p.annotations);
  } catch {
    // No annotations folder (--annotations none): none counted.
  }
  for (const n of annotationNames) {
    const size = statSync(join(p.annotations, n)).size;
    if (n.startsWith('complex-')) {
      annotations.tables++;
      annotations.tableBytes += size;
    } else {
      annotations.files++;
      annotations.bytes += size;
    }
  }
  const questions = { count: 0, bytes: 0, tinyBytes: 0 };
  let qaNames: string[] = [];
  try {
    qaNames = readdirSync(p.qaDir);
  } catch {
    // No qa/ folder (a run that has not written it yet): none counted.
  }
  for (const n of qaNames) {
    const parsed = parseQaFileName(n);
    if (!parsed) continue;
    const path = join(p.qaDir, n);
    const size = statSync(path).size;
    if (parsed.split === TINY) questions.tinyBytes += size;
    else {
      questions.bytes += size;
      questions.count += countLines(readText(path));
    }
  }
  let other = 0;
  for (const n of readdirSync(dir)) {
    if ([IMAGES_DIR, ANNOTATIONS_DIR, QA_DIR, PARTS_DIR].includes(n)) continue;
    const s = statSync(join(dir, n));
    other += s.isDirectory() ? tree(join(dir, n)).bytes : s.size;
  }
  const parts = tree(p.parts).bytes;
  const perImage = images.files ? images.bytes / images.files : 0;
  const allAnnotationBytes = annotations.bytes + annotations.tableBytes;
  const perAnnotation = images.files ? allAnnotationBytes / images.files : 0;
  const perQuestion = questions.count ? (questions.bytes + questions.tinyBytes) / questions.count : 0;
  const projected = {
    images: perImage * FULL_BENCHMARK.images,
    annotations: perAnnotation * FULL_BENCHMARK.images,
    questions: perQuestion * FULL_BENCHMARK.questions,
    total: 0,
  };
  projected.total = projected.images + projected.annotations + projected.questions;
  return {
    dir,
    annotationLayout: annotationLayoutOf(manifest),
    pngCompression: manifest?.options?.pngCompression ?? '(not recorded: Sub rows at zlib 3)',
    images,
    annotations,
    questions,
    other,
    parts,
    perImage,
    perAnnotation,
    perQuestion,
    annotationShare: images.bytes ? allAnnotationBytes / images.bytes : 0,
    projected,
  };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const gb = (n: number) => `${(n / 1e9).toFixed(1)} GB`;
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** The figures as the script prints them. */
export function formatDatasetBytes(b: DatasetBytes): string {
  const f = FULL_BENCHMARK;
  return (
    [
      `${b.dir}: annotations ${b.annotationLayout}, PNG ${b.pngCompression}`,
      `  images       ${b.images.files} files, ${mb(b.images.bytes)}: ${kib(b.perImage)} per image`,
      `  annotations  ${b.annotations.files} files, ${mb(b.annotations.bytes)}${b.annotations.tables ? ` + ${b.annotations.tables} atom tables, ${mb(b.annotations.tableBytes)}` : ''}: ${kib(b.perAnnotation)} per image, ${(100 * b.annotationShare).toFixed(1)} % of the images' bytes`,
      `  questions    ${b.questions.count} (train, test, val), ${mb(b.questions.bytes)} + tiny files ${mb(b.questions.tinyBytes)}: ${(b.perQuestion / 1024).toFixed(2)} KiB per question (tiny files included)`,
      `  other        ${mb(b.other)} (complexes.jsonl, manifest.json, split.json...); parts/ ${mb(b.parts)} (working state)`,
      `  projected to ${f.images.toLocaleString('en')} images and ${f.questions.toLocaleString('en')} questions: images ${gb(b.projected.images)}, annotations ${gb(b.projected.annotations)}, questions ${gb(b.projected.questions)}; ${gb(b.projected.total)} in all`,
    ].join('\n') + '\n'
  );
}
