// Builds the hf export's dataset card for a dataset generated from ../shared/structures and
// writes it to docs/dataset-card-example.md. Usage:
//   node --import tsx scripts/build-dataset-card.ts [--limit N] [--tasks ids] [--per-complex ...] [--split-by ...] [--keep]
// Defaults: the first 20 PDBbind complexes, translation,rotation,zooming at 1/1, split by
// scaffold, test share 0.25, seed 0. The generated dataset and export go to a temporary
// folder (kept with --keep); figures go to stderr.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values } = parseArgs({
  options: {
    limit: { type: 'string', default: '20' },
    tasks: { type: 'string', default: 'translation,rotation,zooming' },
    'per-complex': { type: 'string', default: 'translation=1/1,rotation=1/1,zooming=1/1' },
    'split-by': { type: 'string', default: 'scaffold' },
    'test-share': { type: 'string', default: '0.25' },
    seed: { type: 'string', default: '0' },
    keep: { type: 'boolean', default: false },
  },
});
const work = mkdtempSync(join(tmpdir(), 'misi-card-'));
const run = (args: string[]) => {
  const t = Date.now();
  const r = spawnSync(process.execPath, [join(REPO, 'pipeline/bin/misi-gen.js'), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`misi-gen ${args[0]} failed (exit ${r.status})`);
  process.stderr.write(`build-dataset-card: ${args[0]} took ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
};
const data = join(work, 'data');
const hf = join(work, 'hf');
run([
  'generate',
  '--structures',
  resolve(REPO, '../shared/structures/pdbbind'),
  '--out',
  data,
  '--limit',
  values.limit!,
  '--tasks',
  values.tasks!,
  '--per-complex',
  values['per-complex']!,
  '--split-by',
  values['split-by']!,
  '--test-share',
  values['test-share']!,
  '--seed',
  values.seed!,
]);
run(['export', data, '--format', 'hf', '--out', hf]);
const target = join(REPO, 'docs/dataset-card-example.md');
copyFileSync(join(hf, 'README.md'), target);
process.stderr.write(`build-dataset-card: ${target}${values.keep ? ` (dataset and export kept in ${work})` : ''}\n`);
if (!values.keep) rmSync(work, { recursive: true, force: true });
