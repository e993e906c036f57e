// The streaming core of `generate`: complexes flow one by one through plan -> render ->
// write, at most `inFlight` at a time (so memory holds those complexes, their plans and a
// few partners whatever the number of complexes), while the render pool keeps every page
// busy. Each complex ends with its part file (complex-part.ts), written only after every
// image its records name exists; a complex whose part exists is not redone.
import { join } from 'node:path';
import type { RenderPool } from '../../renders/render-pool.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { type ErrorSink, enterStage, guardComplex, guardComplexSync, type Step } from '../../structures/reject.ts';
import { sha256File } from '../dataset/files.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import type { Versions } from '../dataset/versions.ts';
import { type ComplexPart, writePart } from './complex-part.ts';
import type { ComplexStore } from './complex-store.ts';
import { type PlanInputs, planComplex } from './plan.ts';
import { buildRecord, byId } from './records.ts';
import { type InFlight, type RenderFiles, type RenderTally, renderBatch } from './render-stage.ts';

export interface StreamInputs {
  outDir: string;
  seed: number;
  /** Complexes to do, in order. */
  ids: readonly string[];
  store: ComplexStore;
  plan: Omit<PlanInputs, 'complexById'>;
  pool: RenderPool;
  /** Complexes planned but not yet written, at most. */
  inFlight: number;
  onComplexDone?: () => void;
  /** Details of unexpected exceptions (errors.log). */
  onError?: ErrorSink;
  /** The run's versions, recorded in every part. */
  versions: Versions;
  /** Annotation layout and PNG setting (default: full annotations, fast PNG). */
  files?: RenderFiles;
}

const sha256Of = sha256File;

export async function streamComplexes(s: StreamInputs): Promise<RenderTally> {
  const tally: RenderTally = { rendered: 0, existing: 0, drawn: new Set(), failed: new Map() };
  const drawing: InFlight = new Map();
  const inputs: PlanInputs = { ...s.plan, complexById: (id) => s.store.get(id) };

  /** Plan, render and records of one complex; a question that cannot be made becomes a reject. */
  async function work(id: string, step: Step): Promise<ComplexPart> {
    const subject = s.store.get(id);
    enterStage(step, 'plan', subject.complex.sources[0]?.path ?? '');
    const planned = planComplex(subject, inputs, s.onError);
    const specs: SceneSpec[] = planned.questions.flatMap((q) => q.plan.images);
    // Render (every image of every question exists, or has failed, after this).
    enterStage(step, 'render');
    await renderBatch(s.pool, s.outDir, specs, drawing, tally, () => {}, s.files);
    // Write: records of questions whose images all exist; the others become rejects.
    enterStage(step, 'records');
    const part: ComplexPart = { complex: id, records: [], rejects: [...planned.rejects], replacements: planned.replacements, images: [] };
    const records: QaRecord[] = [];
    for (const q of planned.questions) {
      const built = guardComplexSync(q.id, { stage: 'records', path: step.path }, () => buildRecord(q, s.seed), s.onError);
      if (!built.ok) {
        part.rejects.push({
          stage: 'records',
          id: q.id,
          task: q.task.id,
          complex: q.complex,
          split: q.split,
          index: q.index,
          reason: built.reject.reason,
          internal: true,
        });
        continue;
      }
      const record = built.value;
      const failed = record.images.find((p) => tally.failed.has(p));
      if (failed) {
        part.rejects.push({
          stage: 'render',
          id: q.id,
          task: q.task.id,
          complex: q.complex,
          split: q.split,
          index: q.index,
          reason: `image ${failed}: ${tally.failed.get(failed)}`,
        });
      } else {
        records.push(record);
      }
    }
    part.records = records.sort(byId);
    const paths = [...new Set(records.flatMap((r) => r.images))].sort();
    part.images = await Promise.all(paths.map(async (p): Promise<[string, string]> => [p, await sha256Of(join(s.outDir, p))]));
    return part;
  }

  async function doComplex(id: string): Promise<void> {
    // The failure boundary: a complex whose work throws is done with one reject, no records
    // (so a resumed run does not retry it); it keeps its side of the split.
    const outcome = await guardComplex(id, { stage: 'plan', path: '' }, (step) => work(id, step), s.onError);
    const part: ComplexPart = outcome.ok
      ? outcome.value
      : { complex: id, records: [], rejects: [outcome.reject], replacements: {}, images: [] };
    await writePart(s.outDir, part, s.versions);
    s.onComplexDone?.();
  }

  // The complexes in flight start one at a time: the k-th once k jobs have reached the pool
  // since the stream began (or k complexes are done, when there was nothing to draw). All
  // at once, each complex was planned, and the first job of each laid out side by side,
  // before the first job reached a page: both pages waited ~1 s after the ingest of a
  // 12-complex run (docs/history/rendering.md, renderer 8).
  const firstJob = s.pool.submitted;
  let next = 0;
  let done = 0;
  let wake = () => {};
  let nextDone = new Promise<void>((resolve) => {
    wake = resolve;
  });
  await Promise.all(
    Array.from({ length: Math.max(1, s.inFlight) }, async (_, k) => {
      while (next < s.ids.length && s.pool.submitted - firstJob < k && done < k)
        await Promise.race([s.pool.whenSubmitted(firstJob + k), nextDone]);
      while (next < s.ids.length) {
        await doComplex(s.ids[next++]);
        done++;
        const woken = wake;
        nextDone = new Promise<void>((resolve) => {
          wake = resolve;
        });
        woken();
      }
    }),
  );
  return tally;
}
