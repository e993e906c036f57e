// A structure path that does not exist, or a folder with no structure file, is a usage error
// (exit 2) naming the path, for every command that reads structures, found before any
// browser starts and before the output folder is made; positional paths and --structures
// are both read. Real files: an empty folder, a folder of notes, the bundled sample.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { structurePaths } from '../../pipeline/input-paths.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { SAMPLE } from '../shared-structures.ts';

const root = mkdtempSync(join(tmpdir(), 'misi-paths-'));
after(() => rmSync(root, { recursive: true, force: true }));
const empty = join(root, 'empty');
mkdirSync(empty);
const notes = join(root, 'notes');
mkdirSync(join(notes, 'deeper'), { recursive: true });
writeFileSync(join(notes, 'deeper', 'README.txt'), 'no structures here\n');
const missing = join(root, 'not-there');

const run = (...args: string[]) => inProcess(args, { cwd: root });

/** Each command, given `path` the way it takes paths, writing (if it got that far) under `out`. */
const commands = (path: string, out: string): string[][] => [
  ['generate', path, '--out', out],
  ['generate', '--structures', path, '--out', out],
  ['split', path, '--out', out],
  ['split', '--structures', path, '--out', out],
  ['ingest', path, '--out', out],
  ['ingest', '--structures', path, '--out', out],
  ['hbonds', path],
  ['hbonds', '--structures', path],
  ['render', path, '--out', join(out, 'x.png')],
  ['render', '--structures', path, '--out', join(out, 'x.png')],
];

for (const [what, path, words] of [
  ['a path that does not exist', missing, /does not exist/],
  ['an empty folder', empty, /holds no structure file/],
  ['a folder with only other files', notes, /holds no structure file/],
  [
    'a file that is not a structure file',
    join(notes, 'deeper', 'README.txt'),
    /is not a structure file \(\.pdb, .*\.mol2, \.sdf, \.mol, .*\.cif\.gz, \.mmcif\.gz\)/,
  ],
] as const) {
  test(`${what}: exit 2 naming it, no output folder, no browser`, async () => {
    for (const args of commands(path, join(root, 'out'))) {
      const r = await run(...args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.ok(r.stderr.includes(`'${path}'`), `${args[0]} names the path: ${r.stderr}`);
      assert.match(r.stderr, words);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
      assert.doesNotMatch(r.stderr, /Chromium|browser|ingest:|generate:/i, `${args[0]} started nothing: ${r.stderr}`);
      assert.equal(existsSync(join(root, 'out')), false, `${args.join(' ')} made no output folder`);
    }
  });
}

test('one good and one missing path: the missing one is named, the good one is not', async () => {
  const r = await run('ingest', join(SAMPLE, 'pdbbind'), missing, '--out', join(root, 'out'));
  assert.equal(r.status, 2);
  assert.ok(r.stderr.includes(missing));
  assert.ok(!r.stderr.includes(`'${join(SAMPLE, 'pdbbind')}'`));
  assert.equal(existsSync(join(root, 'out')), false);
});

test('positional paths and --structures are read together, each once', async () => {
  const out = join(root, 'both');
  const r = await run(
    'ingest',
    join(SAMPLE, 'pdbbind'),
    '--structures',
    join(SAMPLE, 'protein-ligand'),
    join(SAMPLE, 'pdbbind'),
    '--out',
    out,
  );
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /ingest: 2 complexes read, 0 rejected/);
  assert.deepEqual(structurePaths(['a', 'b'], ['b', 'c']), ['a', 'b', 'c']);
  assert.deepEqual(structurePaths([undefined as unknown as string], undefined), []);
});

test('hbonds and render take their paths with --structures too: the same bonds; none or two for render is a usage error', async () => {
  const folder = join(SAMPLE, 'pdbbind');
  const positional = await run('hbonds', folder, join(SAMPLE, 'protein-ligand'));
  const flag = await run('hbonds', '--structures', folder, join(SAMPLE, 'protein-ligand'));
  assert.equal(positional.status, 0, positional.stderr);
  assert.equal(flag.status, 0, flag.stderr);
  assert.equal(positional.stdout.split('\n').filter(Boolean).length, 2, positional.stdout); // 1hpv and 1pgp, one line each, id first
  assert.match(positional.stdout, /^1hpv\t/m);
  assert.equal(flag.stdout, positional.stdout);
  const none = await run('hbonds');
  assert.equal(none.status, 2);
  assert.match(none.stderr, /hbonds needs a structure path \(as an argument or with --structures\)/);
  const two = await run('render', join(folder, '1hpv'), '--structures', join(SAMPLE, 'pdb-entries'), '--out', join(root, 'two.png'));
  assert.equal(two.status, 2);
  assert.match(two.stderr, /render draws one complex: give one structure path.*\(got 2\)/);
  assert.equal(existsSync(join(root, 'two.png')), false);
});
