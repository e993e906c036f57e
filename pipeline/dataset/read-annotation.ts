// The one reader of a dataset's image annotations, for every command that reads them (stats,
// its label legibility, preview, browse, the API): whatever layout the dataset was written
// in (docs/annotations.md), an image's annotation comes back as the full record
// (renders/annotation.ts).
//
//   full     annotations/<key>.json, one JSON record per image: every dataset written before
//            annotation schema 2, and `generate --annotations full`
//   compact  annotations/<key>.json.gz (gzipped JSON: the per-image part) and
//            annotations/complex-<id>.json (the atom table every image of the complex shares)
//   none     no annotation files (`generate --annotations none`): asking is an error saying so
//
// The layout is the manifest's `options.annotations` (a manifest without it: full); a file of
// the other layout is read too when the expected one is not there.

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { conforms } from '../../qa/record-problems.ts';
import type { Annotation } from '../../renders/annotation.ts';
import { type AtomTable, CompactAnnotationError, expandAnnotation } from '../../renders/annotation-compact.ts';
import { KnownError } from '../../structures/known-error.ts';
import { AnnotationSchema, AtomTableSchema, CompactAnnotationSchema } from './annotation-schema.ts';
import { ANNOTATION_LAYOUTS, type AnnotationLayout, annotationPath, atomTablePath, datasetPaths } from './layout.ts';

/** An annotation that cannot be read: the message names the file and the problem. */
export class AnnotationReadError extends KnownError {}

/** The annotation layout a manifest records (`options.annotations`); full for a manifest without it (written before schema 2) or none at all. */
export function annotationLayoutOf(manifest: { options?: unknown } | null | undefined): AnnotationLayout {
  const v = (manifest?.options as { annotations?: unknown } | undefined)?.annotations;
  return typeof v === 'string' && (ANNOTATION_LAYOUTS as readonly string[]).includes(v) ? (v as AnnotationLayout) : 'full';
}

/** What a command that needs annotations says of a dataset written without them. */
export function noAnnotationsMessage(dir: string): string {
  return `${dir} was generated with --annotations none: it has no annotation files (generate it again with --annotations compact or full for what needs them)`;
}

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Reads the annotations of one dataset folder; atom tables are kept (a complex's images share one). */
export class AnnotationReader {
  readonly layout: AnnotationLayout;
  private readonly dir: string;
  private readonly tables = new Map<string, AtomTable>();

  constructor(dir: string, layout: AnnotationLayout) {
    this.dir = dir;
    this.layout = layout;
  }

  /**
   * The full annotation record of an image a record names (`images/<key>.png`), or null when
   * it has no annotation file; a file that cannot be read or expanded throws an
   * AnnotationReadError naming it. A dataset of layout `none` throws saying so.
   */
  read(image: string): Annotation | null {
    if (this.layout === 'none') throw new AnnotationReadError(noAnnotationsMessage(this.dir));
    const order: ('full' | 'compact')[] = this.layout === 'compact' ? ['compact', 'full'] : ['full', 'compact'];
    for (const layout of order) {
      const rel = annotationPath(image, layout);
      let bytes: Buffer;
      try {
        bytes = readFileSync(datasetPaths(this.dir).file(rel));
      } catch (e) {
        if (isMissing(e)) continue;
        throw new AnnotationReadError(`${rel}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
      return this.parse(rel, layout === 'compact' ? this.gunzip(rel, bytes) : bytes.toString('utf8'));
    }
    return null;
  }

  private gunzip(rel: string, bytes: Buffer): string {
    try {
      return gunzipSync(bytes).toString('utf8');
    } catch {
      // Reported: the file and what it is not.
      throw new AnnotationReadError(`${rel}: not gzip (a compact annotation is gzipped JSON; cut off as it was written?)`);
    }
  }

  private parse(rel: string, text: string): Annotation {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // Reported: the file, not JSON.
      throw new AnnotationReadError(`${rel}: not JSON`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new AnnotationReadError(`${rel}: not a JSON object`);
    const problems: string[] = [];
    if (!('layout' in value && value.layout === 'compact')) {
      if (!conforms(AnnotationSchema, value, problems)) throw new AnnotationReadError(`${rel}: ${problems.join('; ')}`);
      return value;
    }
    if (!conforms(CompactAnnotationSchema, value, problems)) throw new AnnotationReadError(`${rel}: ${problems.join('; ')}`);
    const table = this.table(value.complex);
    try {
      return expandAnnotation(value, table);
    } catch (e) {
      if (e instanceof CompactAnnotationError || e instanceof TypeError) throw new AnnotationReadError(`${rel}: ${e.message}`);
      throw e;
    }
  }

  /** A complex's atom table (compact layout), read once. */
  table(complex: string): AtomTable {
    let t = this.tables.get(complex);
    if (t) return t;
    const rel = atomTablePath(complex);
    let text: string;
    try {
      text = readFileSync(datasetPaths(this.dir).file(rel), 'utf8');
    } catch (e) {
      throw new AnnotationReadError(
        `${rel}: ${isMissing(e) ? 'missing (the atom table the compact annotations of this complex need)' : `cannot read it (${(e as NodeJS.ErrnoException).code})`}`,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // Reported: the file, not JSON.
      throw new AnnotationReadError(`${rel}: not JSON`);
    }
    const problems: string[] = [];
    if (!conforms(AtomTableSchema, value, problems)) throw new AnnotationReadError(`${rel}: ${problems.join('; ')}`);
    t = value;
    this.tables.set(complex, t);
    return t;
  }
}

/** The full annotation of one image of the dataset at `dir`, in whatever layout it was written (null: no annotation file). */
export function readImageAnnotation(dir: string, image: string, layout?: AnnotationLayout): Annotation | null {
  let l = layout;
  if (l === undefined) {
    let manifest: { options?: unknown } | null = null;
    try {
      manifest = JSON.parse(readFileSync(datasetPaths(dir).manifest, 'utf8'));
    } catch {
      // no manifest: the files say which layout
    }
    l = annotationLayoutOf(manifest);
  }
  return new AnnotationReader(dir, l).read(image);
}
