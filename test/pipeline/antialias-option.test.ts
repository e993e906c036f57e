// `--antialias` of generate, render and bench through the built bin: the retired 'coverage'
// is a usage error (exit 2) whose message names 'edge', and nothing is written.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';

const run = (...args: string[]) => inProcess(args, { cwd: REPO });

test("--antialias coverage is a usage error naming 'edge' in generate, render and bench", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-aa-option-'));
  try {
    const calls = [
      ['generate', '--antialias', 'coverage', '--out', join(dir, 'data')],
      ['render', join(REPO, 'structures/sample'), '--antialias', 'coverage', '--out', join(dir, 'one.png')],
      ['bench', '--antialias', 'edge,coverage'],
    ];
    for (const args of calls) {
      const r = await run(...args);
      assert.equal(r.status, 2, `${args[0]}: ${r.stderr}`);
      assert.match(r.stderr, /--antialias coverage: .*no longer drawn; use 'edge'/, args[0]);
      assert.equal(r.stderr.trim().split('\n').length, 2, `${args[0]}: one line and the help hint`);
    }
    assert.ok(!existsSync(join(dir, 'data')) && !existsSync(join(dir, 'one.png')), 'nothing written');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
