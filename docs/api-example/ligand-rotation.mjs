// @ts-check
// A tenth task written outside the package, run by `generate` beside the nine: the ligand
// alone in the front view, then after one roll; the answer is the roll. Its template is in
// ./templates/ (it reuses the bundled `conventions` and `frame` partials). Run it from a
// folder where misi-gen is installed (CI does, against the packed tarball):
//
//   node ligand-rotation.mjs [out-folder]
//
// It generates from the bundled sample, checks the dataset with verifyDataset, scores the
// nine tasks' test questions against their own answers (every score must be 100), and
// prints one question of the new task.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_SEED, SAMPLE_DIR, SAMPLE_LIGANDS, TASKS,
  drawIndex, formatCommands, generate, readQaSplit, scene, scoreSplit, verifyDataset,
} from 'misi-gen';

/** @type {readonly import('misi-gen').Command['axis'][]} */
const AXES = ['x', 'y', 'z'];

/** @type {import('misi-gen').TaskModule} */
const ligandRotation = {
  id: 'ligand_rotation',
  format: 'cloze',
  imageCount: 2,
  defaultCounts: { train: 2, test: 1 },
  template: 'ligand_rotation',
  templateDir: fileURLToPath(new URL('./templates/', import.meta.url)),
  plan({ rng, slot, subject, style }) {
    const axis = AXES[slot(AXES.length)];
    const amount = 15 * (1 + drawIndex(rng, 6)) * (rng() < 0.5 ? -1 : 1);
    /** @type {import('misi-gen').Command} */
    const roll = { kind: 'roll', axis, amount };
    /** @type {import('misi-gen').SceneParts['subset']} */
    const ligand = { kind: 'ligand' };
    return {
      ok: true,
      plan: {
        images: [scene(subject, style, { subset: ligand }), scene(subject, style, { subset: ligand, transform: [roll] })],
        answer: formatCommands([roll]),
        truth: { kind: 'commands', commands: [roll] },
        vars: {},
        params: { axis, amount },
        replacements: 0,
      },
    };
  },
};

const out = process.argv[2] ?? 'out-api';
const summary = await generate({
  structures: [SAMPLE_DIR],
  ligandsFile: SAMPLE_LIGANDS,
  out,
  tasks: [...TASKS, ligandRotation],
  seed: DEFAULT_SEED,
  testShare: 0.5,
});
console.log(`generated ${summary.questions} questions from ${summary.complexes} complexes into ${out}`);

const report = verifyDataset(out);
for (const problem of report.problems) console.error(`verify: ${problem}`);
if (report.problems.length) process.exit(1);
console.log(`verified: ${report.records} records and ${report.images} images match the manifest`);

// The scorer knows the nine tasks' answer formats; a new task brings its own scoring.
const nine = (await readQaSplit(out, 'test')).filter((r) => r.task !== ligandRotation.id);
const score = scoreSplit(nine, new Map(nine.map((r) => [r.id, r.answer])));
console.log(`the nine tasks' own answers score ${score.averageAllTasks.composite} % over ${score.questions} test questions`);
if (score.averageAllTasks.composite !== 100) process.exit(1);

const [first] = readFileSync(join(out, 'qa', 'ligand_rotation.train.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
if (!first) {
  console.error('no ligand_rotation question was written');
  process.exit(1);
}
console.log(`${first.id}: images ${first.images.join(', ')}; answer ${first.answer}`);
