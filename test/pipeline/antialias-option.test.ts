// `--antialias` of generate, render and bench through the built bin: the retired 'coverage'
// is a usage error (exit 2) whose message names 'edge', and nothing is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../shared-structures.ts';

const BIN = join(REPO, 'test/source-cli.mjs'); // the CLI from the source, never a stale dist/
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: REPO });

test("--antialias coverage is a usage error naming 'edge' in generate, render and bench", () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-aa-option-'));
  try {
    const calls = [
      ['generate', '--antialias', 'coverage', '--out', join(dir, 'data')],
      ['render', join(REPO, 'structures/sample'), '--antialias', 'coverage', '--out', join(dir, 'one.png')],
      ['bench', '--antialias', 'edge,coverage'],
    ];
    for (const args of calls) {
      const r = run(...args);
      assert.equal(r.status, 2, `${args[0]}: ${r.stderr}`);
      assert.match(r.stderr, /--antialias coverage: .*no longer drawn; use 'edge'/, args[0]);
      assert.equal(r.stderr.trim().split('\n').length, 2, `${args[0]}: one line and the help hint`);
    }
    assert.ok(!existsSync(join(dir, 'data')) && !existsSync(join(dir, 'one.png')), 'nothing written');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
