// The fast label layout (renders/label-layout.ts) against the straightforward one kept in
// test/renders/label-layout-reference.ts, on real scenes (not a test: it reads ../shared):
// every task's planned images of the first N complexes, each in all six views and in both
// layout modes; every box, flag and the drawing order must be equal. Prints the scenes and
// labels compared and the time per layout of each implementation.
// Usage: node --import tsx scripts/check-label-layout.ts [--limit N (default 4)] [--structures path]
//          [--dump inputs.json]   (also writes every layout's inputs, for benchmarks)
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import seedrandom from 'seedrandom';
import { TRAIN } from '../qa/split-names.ts';
import type { PreparedComplex } from '../qa/task.ts';
import { TASKS } from '../qa/tasks/index.ts';
import { LABEL_LAYOUTS, type LayoutInput, layoutLabels } from '../renders/label-layout.ts';
import { complexCamera } from '../renders/scene-atoms.ts';
import { sceneKey } from '../renders/scene-key.ts';
import { layoutInputs } from '../renders/scene-labels.ts';
import { poseScene } from '../renders/scene-pose.ts';
import type { SceneSpec } from '../renders/scene-spec.ts';
import { makeStyle } from '../renders/style.ts';
import { VIEW_NAMES } from '../renders/views.ts';
import { ingest } from '../structures/ingest.ts';
import { referenceLayout } from '../test/renders/label-layout-reference.ts';
import { flagValue } from './flag-value.ts';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const root = flagValue(args, '--structures') ?? resolve(REPO, '../shared/structures/pdbbind');
if (!existsSync(root)) {
  process.stderr.write(`check-label-layout: ${root} not found\n`);
  process.exit(1);
}
const limit = Number(flagValue(args, '--limit') ?? 4); // the reference takes ~50 ms a layout: 12 complexes take ~10 min
const dump = flagValue(args, '--dump');
const style = makeStyle();

const dirs = readdirSync(root)
  .sort()
  .slice(0, limit)
  .map((d) => join(root, d));
const { complexes } = await ingest(dirs, { hbonds: {} });

/** Every distinct scene the tasks plan for `complex` (train counts), by scene key. */
function plannedScenes(complex: PreparedComplex['complex']): SceneSpec[] {
  const subject: PreparedComplex = { complex, camera: complexCamera(complex) };
  const scenes = new Map<string, SceneSpec>();
  for (const task of TASKS) {
    const n = task.questionCount ? task.questionCount(subject, TRAIN, task.defaultCounts.train) : task.defaultCounts.train;
    for (let index = 0; index < n; index++) {
      const planned = task.plan({
        seed: 0,
        split: TRAIN,
        index,
        count: n,
        rng: seedrandom(`${complex.id}:${task.id}:${index}`),
        slot: (k) => index % k,
        subject,
        splitIds: [complex.id],
        complexById: () => subject,
        style,
      });
      if (planned.ok) for (const s of planned.plan.images) scenes.set(sceneKey(s), s);
    }
  }
  return [...scenes.values()];
}

const cases: { inputs: LayoutInput[]; width: number; height: number }[] = [];
const seen = new Set<string>();
for (const complex of complexes) {
  for (const spec of plannedScenes(complex)) {
    for (const view of VIEW_NAMES) {
      const turned = { ...spec, view };
      const key = sceneKey(turned);
      if (seen.has(key)) continue;
      seen.add(key);
      const { inputs } = layoutInputs(turned, poseScene(turned));
      if (inputs.length > 0) cases.push({ inputs, width: spec.camera.width, height: spec.camera.height });
    }
  }
}

let labels = 0,
  differing = 0;
const ms = { fast: 0, reference: 0 };
for (const mode of LABEL_LAYOUTS) {
  for (const c of cases) {
    let t = performance.now();
    const fast = layoutLabels(c.inputs, c.width, c.height, mode);
    ms.fast += performance.now() - t;
    t = performance.now();
    const ref = referenceLayout(c.inputs, c.width, c.height, mode);
    ms.reference += performance.now() - t;
    labels += c.inputs.length;
    if (!isDeepStrictEqual(fast, ref)) {
      differing++;
      if (differing <= 3)
        process.stderr.write(`differs (${mode}, ${c.width} px, ${c.inputs.length} labels): ${JSON.stringify(c.inputs).slice(0, 300)}\n`);
    }
  }
}
if (dump) writeFileSync(dump, JSON.stringify(cases));
const n = cases.length * LABEL_LAYOUTS.length;
process.stdout.write(
  `${complexes.length} complexes, ${cases.length} scenes x ${LABEL_LAYOUTS.length} modes, ${labels} labels: ` +
    `${differing} layouts differ; ${(ms.fast / n).toFixed(3)} ms per layout fast, ${(ms.reference / n).toFixed(3)} ms reference\n`,
);
process.exitCode = differing === 0 ? 0 : 1;
