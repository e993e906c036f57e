// @ts-check
// The tenth task of ./ligand-rotation-task.mjs driven from code: added to the registry, then
// generated beside the nine from the bundled sample, checked with verifyDataset, scored
// (every task's test questions against their own answers: all ten must score 100) and
// exported. Run it from a folder where misi-gen is installed (CI does, against the packed
// tarball):
//
//   node ligand-rotation.mjs [out-folder]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  allTasks,
  DEFAULT_SEED,
  generate,
  readQaSplit,
  registerTask,
  runExport,
  SAMPLE_DIR,
  SAMPLE_LIGANDS,
  scoreSplit,
  verifyDataset,
} from 'misi-gen';
import { ligandRotationTask } from './ligand-rotation-task.mjs';

registerTask(ligandRotationTask);

const out = process.argv[2] ?? 'out-api';
const summary = await generate({
  structures: [SAMPLE_DIR],
  ligandsFile: SAMPLE_LIGANDS,
  out,
  tasks: allTasks(),
  seed: DEFAULT_SEED,
  testShare: 0.5,
});
console.log(`generated ${summary.questions} questions from ${summary.complexes} complexes into ${out}`);

const report = verifyDataset(out);
for (const problem of report.problems) console.error(`verify: ${problem}`);
if (report.problems.length) process.exit(1);
console.log(`verified: ${report.records} records and ${report.images} images match the manifest`);

// The registry knows the tenth task's scorer as it knows the nine's.
const test = await readQaSplit(out, 'test');
const score = scoreSplit(test, new Map(test.map((r) => [r.id, r.answer])));
const tasks = score.tasks.map((t) => t.task);
console.log(`own answers score ${score.averageAllTasks.composite} % over ${score.questions} test questions of ${tasks.length} tasks`);
if (score.averageAllTasks.composite !== 100 || !tasks.includes(ligandRotationTask.id)) process.exit(1);

const exported = await runExport(out, 'llava', join(out, 'llava'));
console.log(`exported ${exported.rows} rows (llava) into ${join(out, 'llava')}`);

const [first] = readFileSync(join(out, 'qa', 'ligand_rotation.train.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
if (!first) {
  console.error('no ligand_rotation question was written');
  process.exit(1);
}
console.log(`${first.id}: images ${first.images.join(', ')}; answer ${first.answer}`);
