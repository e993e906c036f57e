// The streaming core of `generate`: complexes flow one by one through plan -> render ->
// write, at most `inFlight` at a time (so memory holds those complexes, their plans and a
// few partners whatever the number of complexes), while the render pool keeps every page
// busy. Each complex ends with its part file (complex-part.ts), written only after every
// image its records name exists; a complex whose part exists is not redone.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RenderPool } from '../../renders/render-pool.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { writePart, type ComplexPart } from './complex-part.ts';
import type { ComplexStore } from './complex-store.ts';
import { planComplex, type PlanInputs } from './plan.ts';
import { buildRecord, byId, type QaRecord } from './records.ts';
import { renderBatch, type InFlight, type RenderTally } from './render-stage.ts';

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
}

async function sha256Of(path: string): Promise<string> {
  return createHash('sha256').update(await readFile(path)).digest('hex');
}

export async function streamComplexes(s: StreamInputs): Promise<RenderTally> {
  const tally: RenderTally = { rendered: 0, existing: 0, failed: new Map() };
  const drawing: InFlight = new Map();
  const inputs: PlanInputs = { ...s.plan, complexById: (id) => s.store.get(id) };

  async function doComplex(id: string): Promise<void> {
    // Plan.
    const planned = planComplex(s.store.get(id), inputs);
    const specs: SceneSpec[] = planned.questions.flatMap((q) => q.plan.images);
    // Render (every image of every question exists, or has failed, after this).
    await renderBatch(s.pool, s.outDir, specs, drawing, tally, () => {});
    // Write: records of questions whose images all exist; the others become rejects.
    const part: ComplexPart = { complex: id, records: [], rejects: [...planned.rejects], replacements: planned.replacements, images: [] };
    const records: QaRecord[] = [];
    for (const q of planned.questions) {
      const record = buildRecord(q, s.seed);
      const failed = record.images.find((p) => tally.failed.has(p));
      if (failed) {
        part.rejects.push({ stage: 'render', id: q.id, task: q.task.id, complex: q.complex, split: q.split, index: q.index, reason: `image ${failed}: ${tally.failed.get(failed)}` });
      } else {
        records.push(record);
      }
    }
    part.records = records.sort(byId);
    const paths = [...new Set(records.flatMap((r) => r.images))].sort();
    part.images = await Promise.all(paths.map(async (p): Promise<[string, string]> => [p, await sha256Of(join(s.outDir, p))]));
    await writePart(s.outDir, part);
    s.onComplexDone?.();
  }

  let next = 0;
  await Promise.all(Array.from({ length: Math.max(1, s.inFlight) }, async () => {
    while (next < s.ids.length) await doComplex(s.ids[next++]);
  }));
  return tally;
}
