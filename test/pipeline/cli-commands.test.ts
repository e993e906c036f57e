// The command list of pipeline/cli.ts against the modules of pipeline/commands/, through the
// built bin: `--help` names every command module, each command's own `--help` loads its
// module (a loader naming the wrong export fails here), `--version` is package.json's, and
// a command given after an option is still found. Start-up time is measured by
// scripts/bench-startup.js, not here.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { REPO } from '../shared-structures.ts';

const BIN = join(REPO, 'pipeline/bin/misi-gen.js');
// The bin runs dist/: built first, so this file run alone tests the code as it is. Under
// `npm test` (scripts/run-tests.js) dist/ was just built from these sources, and other files
// beside this one use it: it is not built again under their feet.
before(() => {
  if (process.env.MISI_TEST_DIST_BUILT === '1') return;
  const built = spawnSync(process.execPath, [join(REPO, 'scripts/build.js')], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
});
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: REPO });
const modules = readdirSync(join(REPO, 'pipeline/commands'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .sort();

test('--help lists one command per module of pipeline/commands/, and each loads', () => {
  const help = run('--help');
  assert.equal(help.status, 0, help.stderr);
  const listed = [...help.stdout.matchAll(/^ {2}misi-gen ([\w-]+)/gm)].map((m) => m[1]).sort();
  assert.deepEqual(listed, modules);
  for (const name of listed) {
    const own = run(name, '--help');
    assert.equal(own.status, 0, `${name} --help: ${own.stderr}`);
    assert.match(own.stdout, new RegExp(`^misi-gen ${name}\\b`, 'm'), `${name} --help shows its own usage`);
    assert.match(own.stdout, /--help/, `${name} --help lists options`);
  }
});

test('--version is the version of package.json, alone or after a command', () => {
  const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  for (const args of [['--version'], ['verify', '--version']]) {
    const r = run(...args);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), version, args.join(' '));
  }
});

test('a command is found after an option, and a misspelt one is a usage error', () => {
  const late = run('--out', 'x', 'verify', '--help');
  assert.match(late.stdout + late.stderr, /misi-gen verify <dir>/);
  const typo = run('verfy', 'out');
  assert.equal(typo.status, 2);
  assert.match(typo.stderr, /Did you mean verify\?/);
  assert.doesNotMatch(typo.stderr, /\n\s+at /, 'no stack trace');
});
