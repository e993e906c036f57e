// Each documented exit status (README "Commands", pipeline/exit-codes.ts, pipeline/exit-code-of.ts) from a real command
// run in-process on real files: 2 for a usage error, 1 when nothing could be read, 3 with
// --strict when something was rejected, 2 for a refused run; and the mapping itself.

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DatasetReadError } from '../../pipeline/dataset/read-dataset.ts';
import { failureOf } from '../../pipeline/exit-code-of.ts';
import { CommandFailure, EXIT } from '../../pipeline/exit-codes.ts';
import { UsageError } from '../../pipeline/usage-error.ts';
import { IngestUsageError } from '../../structures/ingest.ts';
import { SAMPLE_DIR } from '../../structures/sample-path.ts';
import { cli } from '../cli-in-process.ts';

const root = mkdtempSync(join(tmpdir(), 'misi-exit-codes-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** One PDBbind complex of the bundled sample, copied, beside a protein file that is not PDB. */
function inputs(name: string, withGood: boolean): string {
  const dir = join(root, name);
  mkdirSync(join(dir, '9bad'), { recursive: true });
  writeFileSync(join(dir, '9bad', '9bad_protein.pdb'), 'this is not a PDB file\n');
  writeFileSync(join(dir, '9bad', '9bad_ligand.sdf'), 'nor is this a molfile\n');
  if (withGood) {
    const id = readdirSync(join(SAMPLE_DIR, 'pdbbind')).sort()[0];
    cpSync(join(SAMPLE_DIR, 'pdbbind', id), join(dir, id), { recursive: true });
  }
  return dir;
}

test('a usage error exits 2 with one line and the help hint', async () => {
  const r = await cli(['ingest', '--structure', SAMPLE_DIR]);
  assert.equal(r.status, EXIT.usage);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^misi-gen: Unknown argument: structure .*did you mean --structures\?.*\nRun 'misi-gen --help' for usage\.\n$/);
});

test('nothing read exits 1', async () => {
  const r = await cli(['ingest', inputs('none', false), '--out', join(root, 'none-out'), '--read-threads', '1']);
  assert.equal(r.status, EXIT.failed, r.stderr);
  assert.match(r.stderr, /ingest: 0 complexes read, 1 rejected/);
});

test('--strict exits 3 when a complex was rejected, 0 without --strict', async () => {
  const dir = inputs('some', true);
  const loose = await cli(['ingest', dir, '--out', join(root, 'loose-out'), '--read-threads', '1']);
  assert.equal(loose.status, EXIT.ok, loose.stderr);
  const strict = await cli(['ingest', dir, '--out', join(root, 'strict-out'), '--read-threads', '1', '--strict']);
  assert.equal(strict.status, EXIT.strict, strict.stderr);
  assert.match(strict.stderr, /ingest: --strict: 1 reject that counts; exit status 3\n/);
});

test('a refused run (an --out holding a dataset) exits 2 before anything is read', async () => {
  const out = join(root, 'dataset');
  mkdirSync(out);
  writeFileSync(join(out, 'manifest.json'), '{}\n');
  const r = await cli(['ingest', SAMPLE_DIR, '--out', out]);
  assert.equal(r.status, EXIT.refused);
  assert.match(r.stderr, /^misi-gen: --out .*dataset holds a dataset made by misi-gen generate or merge/);
  assert.deepEqual(readdirSync(out), ['manifest.json']);
});

test('a dataset that cannot be read exits 1, named by the command', async () => {
  const r = await cli(['verify', join(root, 'no-such-dataset')]);
  assert.equal(r.status, EXIT.failed);
  const s = await cli(['stats', join(root, 'no-such-dataset')]);
  assert.equal(s.status, EXIT.failed);
  assert.match(s.stderr, /^misi-gen stats: .*no-such-dataset\/qa: no such folder/);
});

test('the mapping: usage errors 2, a command failure its own status, library errors theirs, a bug none', async () => {
  assert.equal((await failureOf(new UsageError('bad'), 'ingest'))?.code, EXIT.usage);
  assert.equal((await failureOf(new IngestUsageError('--ligand: bad'), 'render'))?.code, EXIT.usage);
  assert.deepEqual(await failureOf(new CommandFailure('--index x: no such file', EXIT.refused), 'split'), {
    code: 2,
    text: 'misi-gen split: --index x: no such file\n',
  });
  assert.deepEqual(await failureOf(new DatasetReadError('d/qa: no such folder'), 'score'), {
    code: 1,
    text: 'misi-gen score: d/qa: no such folder\n',
  });
  assert.equal(await failureOf(new TypeError('x is undefined'), 'score'), undefined);
});

test('an --index that cannot be read refuses the run (exit 2) saying why: not there, or a folder', async () => {
  const time = ['--split-by', 'time', '--split-date', '2015-01-01'];
  const missing = await cli(['generate', SAMPLE_DIR, ...time, '--index', join(root, 'no-such-index'), '--out', join(root, 'idx-1')]);
  assert.equal(missing.status, EXIT.refused);
  assert.match(missing.stderr, /^misi-gen generate: --index .*no-such-index: no such file\n$/);
  const folder = await cli(['split', SAMPLE_DIR, ...time, '--index', root, '--out', join(root, 'idx-2')]);
  assert.equal(folder.status, EXIT.refused);
  assert.match(folder.stderr, /--index .*: a folder, not a file\n$/);
});
