// The `misi-gen hbonds` contract: stdout holds only the canonical list (or an empty line),
// --json one record per bond, bad input a one-line message and a failing status.

import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { formatHBondList } from '../../../structures/hbonds/canonical-format.ts';
import { findHBonds } from '../../../structures/hbonds/find-hbonds.ts';
import { ingest } from '../../../structures/ingest.ts';
import { cli as inProcess } from '../../cli-in-process.ts';
import { NEEDS_SHARED, REPO, SAMPLE, SHARED } from '../../shared-structures.ts';

/** `misi-gen hbonds <args>` in-process; a failing status rejects, with the output and status on the error (as execFile's). */
async function cli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const r = await inProcess(['hbonds', ...args], { cwd: REPO });
  if (r.status !== 0)
    throw Object.assign(new Error(`misi-gen hbonds exited ${r.status}`), { code: r.status, stdout: r.stdout, stderr: r.stderr });
  return r;
}
const ENTRY = resolve(SAMPLE, 'pdbbind/1hpv');
const PAIR = /^[A-Z0-9]{1,3} -?\d+[A-Za-z]? \S+ \S, \S+$/;

test('stdout is exactly the canonical list of the library, one line', async () => {
  const { stdout } = await cli(ENTRY);
  const { complexes } = await ingest([ENTRY]);
  const expected = formatHBondList(findHBonds(complexes[0]));
  assert.ok(expected.length > 0, 'the sample complex has H-bonds');
  assert.equal(stdout, `${expected}\n`);
  for (const item of stdout.trim().split('; ')) assert.match(item, PAIR);
});

test('--json prints one parseable record per bond with both ends and distances', async () => {
  const { stdout } = await cli(ENTRY, '--json');
  const { complexes } = await ingest([ENTRY]);
  const lines = stdout.trim().split('\n');
  assert.equal(lines.length, findHBonds(complexes[0]).length);
  for (const line of lines) {
    const r = JSON.parse(line);
    assert.ok(['pocket', 'ligand'].includes(r.donorSide));
    assert.notEqual(r.donor.side, r.acceptor.side);
    assert.equal(typeof r.donor.atomName, 'string');
    assert.equal(typeof r.acceptor.residueNumber, 'number');
    assert.ok(r.distanceDA > 2 && r.distanceDA < 4.5);
  }
});

test('--no-relax never finds more than the relaxed default', async () => {
  const relaxed = (await cli(ENTRY)).stdout.trim().split('; ').filter(Boolean);
  const strict = (await cli(ENTRY, '--no-relax')).stdout.trim().split('; ').filter(Boolean);
  assert.ok(strict.length <= relaxed.length);
  for (const s of strict) assert.ok(relaxed.includes(s), `${s} also found relaxed`);
});

test('a complex with no H-bond prints an empty line', { skip: NEEDS_SHARED }, async () => {
  const { stdout } = await cli(resolve(SHARED, 'pdbbind/3ueu')); // fatty acid against apolar side chains
  assert.equal(stdout, '\n');
});

test('a missing input fails with one line on stderr and nothing on stdout', async () => {
  await assert.rejects(cli('/no/such/folder'), (e: any) => {
    assert.equal(e.stdout, '');
    assert.ok(e.code !== 0);
    assert.doesNotMatch(e.stderr, /\n\s+at /, 'no stack trace');
    return true;
  });
});
