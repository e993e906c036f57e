// Label legibility over real complexes (not a test): plans the three H-bond tasks on
// ../shared/structures/pdbbind (or --structures) as `generate --seed S` does with its default
// split and counts (pipeline/generate/plan.ts: the same questions, so the same figures as
// `misi-gen stats` on that dataset), lays out every image's labels exactly as `generate` does
// (renders/scene-labels.ts; no browser needed, the boxes are geometry) and prints, per task
// and image size, the share of labels collision-free and of referenced labels readable
// (pipeline/generate/label-legibility.ts) against the targets of issues #17 and #36, and the
// layout's time per image. Each task is measured at its own image size
// (TaskModule.defaultImageSize, marked *) and the whole-pocket tasks at 512 px too. Then,
// for all nine tasks at their own sizes, how much of the molecule the labels hide
// (pipeline/generate/label-coverage.ts: heavy atoms under a label box, labels left out, the
// docked ligand's extent) against issue #42's floors. Each task takes its own label layout
// and set as `generate` does (pipeline/generate/label-options.ts) unless --label-layout or
// --labels names one for all. Also checks that no image holds two residue labels with the
// same text (renders/label-text.ts) and exits 1 if one does.
// Usage: node --import tsx scripts/bench-labels.ts [--limit N] [--structures path] [--seed 0]
//          [--label-layout MODE] [--labels SET] [--residue-framing subject|complex] [--font-size 12]
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CoverageTally, median } from '../pipeline/generate/label-coverage.ts';
import { LegibilityTally, legibilityShares, legibilityTarget, referencedLabels } from '../pipeline/generate/label-legibility.ts';
import { labelLayouts, labelSets, parseLabelLayouts, parseLabelSets, taskStyles } from '../pipeline/generate/label-options.ts';
import { planComplex } from '../pipeline/generate/plan.ts';
import { decideSplit } from '../pipeline/generate/split.ts';
import type { PreparedComplex, TaskModule } from '../qa/task.ts';
import { defaultImageSize } from '../qa/task.ts';
import { taskById } from '../qa/task-registry.ts';
import { TASKS } from '../qa/tasks/index.ts';
import { RESIDUE_FRAMING_OPTION, type ResidueFraming } from '../qa/tasks/residue-ligand.ts';
import { annotatedAtoms } from '../renders/annotation.ts';
import { CAMERA_DEFAULTS } from '../renders/camera.ts';
import { clearanceGrid } from '../renders/clearance-grid.ts';
import { pocketHasChains } from '../renders/label-text.ts';
import { complexCamera } from '../renders/scene-atoms.ts';
import { sceneKey } from '../renders/scene-key.ts';
import { sceneLabels } from '../renders/scene-labels.ts';
import { poseScene } from '../renders/scene-pose.ts';
import { DEFAULT_STYLE, makeStyle } from '../renders/style.ts';
import { ingest } from '../structures/ingest.ts';
import { flagValue } from './flag-value.ts';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const value = (flag: string) => flagValue(args, flag);
const root = value('--structures') ?? resolve(REPO, '../shared/structures/pdbbind');
if (!existsSync(root)) {
  process.stderr.write(`bench-labels: ${root} not found\n`);
  process.exit(1);
}
const limit = Number(value('--limit') ?? Infinity);
const seed = Number(value('--seed') ?? 0);
const framing = (value('--residue-framing') ?? RESIDUE_FRAMING_OPTION.default) as ResidueFraming;
const fontSize = Number(value('--font-size') ?? DEFAULT_STYLE.labels.fontSize);
// Each of the nine tasks' layout and label set, as generate chooses them.
const taskList = TASKS;
const layouts = labelLayouts(taskList, parseLabelLayouts(value('--label-layout'), taskList));
const sets = labelSets(taskList, parseLabelSets(value('--labels'), taskList));
const styles = taskStyles(taskList, layouts, sets, (layout) => makeStyle({ labels: { layout, fontSize } }));
const layoutText = [...new Set(Object.values(layouts))].length === 1 ? Object.values(layouts)[0] : 'per task';

const dirs = readdirSync(root)
  .sort()
  .slice(0, limit)
  .map((d) => join(root, d));
const t0 = Date.now();
const { complexes } = await ingest(dirs, { hbonds: {} });
process.stderr.write(`bench-labels: ${complexes.length} complexes read with their H-bonds in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

const sizeOf = (id: string) => defaultImageSize(taskById(id)!);
const runs: { task: string; size: number }[] = [
  { task: 'residue_ligand', size: sizeOf('residue_ligand') },
  { task: 'pocket_ligand', size: sizeOf('pocket_ligand') },
  { task: 'interaction_location', size: sizeOf('interaction_location') },
  ...['pocket_ligand', 'interaction_location']
    .filter((t) => sizeOf(t) !== CAMERA_DEFAULTS.width)
    .map((task) => ({ task, size: CAMERA_DEFAULTS.width })),
];
/** Images holding two residue labels with the same text: complex, image key, text. */
const duplicates: { complex: string; key: string; text: string }[] = [];
const tallies = runs.map(() => new LegibilityTally());
// generate's split by complex and question generators: the questions a dataset of these complexes holds.
const split = decideSplit(
  complexes.map((c) => c.id),
  seed,
);
const prepared = new Map(
  complexes.map((complex): [string, PreparedComplex] => [
    complex.id,
    { complex, camera: complexCamera(complex, { width: CAMERA_DEFAULTS.width, height: CAMERA_DEFAULTS.height }) },
  ]),
);
/** The questions generate plans for one complex and task at `size` px, with the task's style. */
function questionsOf(id: string, task: TaskModule, size: number) {
  return planComplex(prepared.get(id)!, {
    seed,
    split,
    tasks: [task],
    counts: { [task.id]: task.defaultCounts },
    style: styles[task.id],
    complexById: (other) => prepared.get(other)!,
    taskOptions: { residueFraming: framing },
    sizes: { [task.id]: size },
  }).questions;
}

let layoutMs = 0,
  layoutCount = 0;
for (const complex of complexes) {
  for (const [r, run] of runs.entries()) {
    const task = taskById(run.task)!;
    const questions = questionsOf(complex.id, task, run.size);
    const known = new Map<string, ReturnType<typeof sceneLabels>['records']>();
    for (const { plan } of questions) {
      const images = plan.images.map((spec) => {
        const key = sceneKey(spec);
        let labels = known.get(key);
        if (!labels) {
          const t = performance.now();
          labels = sceneLabels(spec, poseScene(spec)).records;
          layoutMs += performance.now() - t;
          layoutCount++;
          known.set(key, labels);
          const seen = new Set<string>();
          for (const l of labels) {
            if (l.kind !== 'residue') continue;
            if (seen.has(l.text)) duplicates.push({ complex: complex.id, key: key.slice(0, 12), text: l.text });
            seen.add(l.text);
          }
        }
        return { key, labels };
      });
      const truth = plan.truth.kind === 'data' ? plan.truth.value : null;
      tallies[r].add(images, referencedLabels(task, { truth, params: plan.params }));
    }
  }
}

const pc = (v: number | null) => (v === null ? '   -  ' : `${(100 * v).toFixed(1).padStart(5)} %`);
const out: string[] = [];
out.push(
  `label legibility, ${complexes.length} complexes of ${root} (${split.ids.train.length} train, ${split.ids.test.length} test, seed ${seed}), layout ${layoutText}, residue framing ${framing}, font ${fontSize} px`,
);
out.push('task                  size   images   labels  collision-free  referenced  readable in 6/6  in >= 4/6  target');
runs.forEach((run, r) => {
  const f = tallies[r].figures,
    s = legibilityShares(f);
  // Issue #36's figure at the task's own size, then issue #17's share of labels collision-free.
  const named = legibilityTarget(taskById(run.task), f)!;
  const free = run.task === 'residue_ligand' ? 0.95 : 0.8;
  const target =
    run.size === sizeOf(run.task) ? `${named.text}; >= ${100 * free} % free ${ok((s.collisionFree ?? 0) >= free)}` : '(none at this size)';
  out.push(
    `${run.task.padEnd(21)} ${String(run.size).padStart(4)}${run.size === sizeOf(run.task) ? '*' : ' '}  ${String(f.images).padStart(6)}  ${String(f.labels).padStart(7)}  ${pc(s.collisionFree).padStart(14)}  ${String(f.referenced).padStart(10)}  ${pc(s.referencedReadableInAll).padStart(15)}  ${pc(s.referencedReadableInFour).padStart(9)}  ${target}`,
  );
});
out.push(`layout: ${layoutCount} distinct images, ${(layoutMs / Math.max(1, layoutCount)).toFixed(2)} ms per image (Node, one core)`);
out.push(`* the task's own image size (TaskModule.defaultImageSize)`);
const multi = complexes.filter((c) => pocketHasChains(c)).length;
out.push(
  `residue labels: ${multi} of ${complexes.length} complexes have a pocket of more than one chain; ${
    duplicates.length
      ? `${new Set(duplicates.map((d) => d.key)).size} images hold two residue labels with the same text (${duplicates.length} repeated texts), e.g. ${duplicates
          .slice(0, 5)
          .map((d) => `${d.complex} ${d.key} '${d.text}'`)
          .join(', ')}`
      : 'no image holds two residue labels with the same text'
  }`,
);

// How much of the molecule the labels hide, every task at its own size, its own layout and set.
out.push('');
out.push(
  `what the labels hide: heavy atoms under a label box, and (molecule px) the median share of the molecule's drawn pixels, atoms and bonds, under one (issue #42: whole-scene images a median of >= 80 % of the ligand and >= 60 % of the pocket uncovered; docking's ligand alone >= 80 % in every image)`,
);
out.push(
  'task                  size  layout        labels    images  drawn  left out  ligand  pocket  molecule px | ligand alone: images  least  extent median  least',
);
let coverageMs = 0,
  coverageImages = 0;
for (const task of taskList) {
  const whole = new CoverageTally(),
    alone = new CoverageTally();
  const seen = new Set<string>();
  // Per whole-scene image: the share of the molecule's pixels (atoms and bonds, the clearance grid's cells) under a label box.
  const underBoxes: number[] = [];
  for (const complex of complexes) {
    const questions = questionsOf(complex.id, task, sizeOf(task.id));
    for (const { plan } of questions) {
      for (const spec of plan.images) {
        const key = sceneKey(spec);
        if (seen.has(key)) continue;
        seen.add(key);
        const pose = poseScene(spec);
        const t = performance.now();
        const labels = sceneLabels(spec, pose);
        coverageMs += performance.now() - t;
        coverageImages++;
        (spec.subset.kind === 'ligand' ? alone : whole).add(key, annotatedAtoms(spec, pose), labels.records, labels.omitted);
        const share = spec.subset.kind === 'ligand' ? null : clearanceGrid(spec, pose).markedShareUnder(labels.records.map((l) => l.box));
        if (share !== null) underBoxes.push(share);
      }
    }
  }
  const w = whole.figures,
    a = alone.figures;
  const left = w.labels + w.omitted ? pc(w.omitted / (w.labels + w.omitted)) : '   -  ';
  const aloneText = a.images
    ? `${String(a.images).padStart(6)}  ${pc(a.ligandUncoveredMin)}  ${String(a.ligandExtentMedian?.toFixed(0)).padStart(10)} px  ${String(a.ligandExtentMin?.toFixed(0)).padStart(4)} px`
    : '';
  out.push(
    `${task.id.padEnd(21)} ${String(sizeOf(task.id)).padStart(4)}  ${layouts[task.id].padEnd(12)}  ${sets[task.id].padEnd(8)}  ${String(w.images).padStart(6)}  ${String(w.labels).padStart(5)}  ${left.padStart(8)}  ${pc(w.ligandUncoveredMedian)} ${pc(w.pocketUncoveredMedian)}  ${pc(median(underBoxes)).padStart(11)} | ${aloneText}`,
  );
}
out.push(
  `layout with the clearance grid: ${coverageImages} distinct images, ${(coverageMs / Math.max(1, coverageImages)).toFixed(2)} ms per image (Node, one core)`,
);
process.stdout.write(out.join('\n') + '\n');
if (duplicates.length) process.exitCode = 1;

function ok(pass: boolean): string {
  return pass ? 'met' : 'NOT met';
}
