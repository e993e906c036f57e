// Plans a dataset's questions without drawing a picture: reads a complexes.jsonl written by
// `misi-gen ingest`, splits it by complex as `generate --test-share` does, plans every
// question of the chosen tasks with the same code `generate` runs (planComplex -> planQuestion,
// generate's default style), and writes the question
// records (qa/<task>.<split>.jsonl, byte for byte what generate would write) and a small
// manifest into --out. What it cannot write: images and annotations, so an audit of such a
// folder skips the option-image baseline. For trying an option-set or negative-drawing
// design on hundreds of complexes in seconds (`misi-gen audit` reads the folder).
//
//   node --import tsx scripts/plan-records.ts --complexes /tmp/ing/complexes.jsonl --out /tmp/plan \
//     [--test-share 0.5] [--seed 0] [--tasks interaction_location,rotation_rotation] [--option decoys=paper]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseCounts } from '../pipeline/generate/counts.ts';
import { planComplex } from '../pipeline/generate/plan.ts';
import { defaultRunStyles } from '../pipeline/generate/plan-question.ts';
import { buildRecord, byId } from '../pipeline/generate/records.ts';
import { decideSplit } from '../pipeline/generate/split.ts';
import { EXCLUDED } from '../qa/split-names.ts';
import type { PreparedComplex } from '../qa/task.ts';
import { allTasks, defaultTaskOptions, taskById } from '../qa/task-registry.ts';
import { complexCamera } from '../renders/scene-atoms.ts';
import type { Complex } from '../structures/model.ts';

const { values } = parseArgs({
  options: {
    complexes: { type: 'string' },
    out: { type: 'string' },
    'test-share': { type: 'string', default: '0.5' },
    seed: { type: 'string', default: '0' },
    tasks: { type: 'string' },
    option: { type: 'string', multiple: true, default: [] },
  },
});
if (!values.complexes || !values.out) {
  console.error('usage: plan-records.ts --complexes FILE --out DIR [--test-share 0.5] [--seed 0] [--tasks a,b] [--option key=value ...]');
  process.exit(2);
}
const seed = Number(values.seed);
const tasks = values.tasks ? values.tasks.split(',').map((t) => taskById(t) ?? unknownTask(t)) : allTasks();
const taskOptions: Record<string, string> = { ...defaultTaskOptions(tasks) };

function unknownTask(t: string): never {
  console.error(`unknown task ${t}`);
  process.exit(2);
}
for (const o of values.option) {
  const [k, v] = o.split('=');
  taskOptions[k] = v;
}
const byIdMap = new Map<string, PreparedComplex>();
for (const line of readFileSync(values.complexes, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const complex = JSON.parse(line) as Complex;
  byIdMap.set(complex.id, { complex, camera: complexCamera(complex) });
}
const ids = [...byIdMap.keys()].sort();
const split = decideSplit(ids, seed, Number(values['test-share']));
const counts = parseCounts(undefined, tasks);
const records = new Map<string, ReturnType<typeof buildRecord>[]>();
const styles = defaultRunStyles(tasks);
const style = styles[tasks[0].id];
const started = Date.now();
let rejects = 0;
for (const id of ids) {
  const plan = planComplex(byIdMap.get(id)!, {
    seed,
    split,
    tasks,
    counts,
    style,
    styles,
    taskOptions,
    complexById: (other) => byIdMap.get(other)!,
  });
  rejects += plan.rejects.length;
  for (const q of plan.questions) {
    const key = `${q.task.id}.${q.split}`;
    if (!records.has(key)) records.set(key, []);
    records.get(key)!.push(buildRecord(q, seed));
  }
}
mkdirSync(join(values.out, 'qa'), { recursive: true });
let n = 0;
for (const [key, list] of records) {
  list.sort(byId);
  n += list.length;
  writeFileSync(join(values.out, 'qa', `${key}.jsonl`), list.map((r) => JSON.stringify(r) + '\n').join(''));
}
const manifest = {
  format: 'misi-gen plan-records (no images)',
  seed,
  options: { tasks: tasks.map((t) => t.id), ...taskOptions },
  complexes: ids.map((id) => ({ id, split: split.side.get(id) ?? EXCLUDED, sources: [] })),
  counts: {},
  questions: n,
};
writeFileSync(join(values.out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.error(
  `plan-records: ${ids.length} complexes, ${n} questions, ${rejects} plan rejects, ${((Date.now() - started) / 1000).toFixed(1)} s -> ${values.out}`,
);
