// The `misi-gen interactions` contract: one tab-separated line per interaction (kind, residue,
// its atoms, ligand atoms, measures), the H-bonds the same as `hbonds` prints, --json one record
// per line, --kinds a filter, a bad kind a usage error.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { cli } from '../../cli-in-process.ts';
import { NEEDS_SHARED, REPO, SAMPLE, SHARED } from '../../shared-structures.ts';

const ENTRY = resolve(SAMPLE, 'pdbbind/1hpv');
const run = (...args: string[]) => cli(['interactions', ...args], { cwd: REPO });

test('one line per interaction; its H-bonds are the ones `hbonds --json` lists', async () => {
  const r = await run(ENTRY);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  for (const line of lines) {
    const cols = line.split('\t');
    assert.equal(cols.length, 5, line);
    assert.match(cols[0], /^(hbond|salt-bridge|pi-stacking|cation-pi|halogen-bond|hydrophobic|metal)$/);
    assert.match(cols[1], /^\S+ -?\d+[A-Za-z]? \S+$/);
    assert.match(cols[4], /\d\.\d\d A/);
  }
  const h = await cli(['hbonds', ENTRY, '--json'], { cwd: REPO });
  const hbonds = h.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const ours = lines.filter((l) => l.startsWith('hbond\t'));
  assert.equal(ours.length, hbonds.length);
  for (const b of hbonds) {
    const p = b.donorSide === 'pocket' ? b.donor : b.acceptor;
    const l = b.donorSide === 'pocket' ? b.acceptor : b.donor;
    const want = `hbond\t${p.residueName} ${p.residueNumber}${p.insertionCode} ${p.chain || '_'}\t${p.atomName}\t${l.atomName}\t`;
    assert.ok(
      ours.some((x) => x.startsWith(want)),
      `${want.trim()} listed`,
    );
  }
  assert.ok(
    lines.some((l) => l.startsWith('hydrophobic\t')),
    'an HIV protease inhibitor makes hydrophobic contacts',
  );
});

test('--json gives the same interactions as records; --kinds keeps only the kinds named', async () => {
  const text = (await run(ENTRY)).stdout.trim().split('\n');
  const json = (await run(ENTRY, '--json')).stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(json.length, text.length);
  for (const j of json) {
    assert.equal(j.complex, '1hpv');
    assert.ok(Array.isArray(j.ligandAtoms) && j.ligandAtoms.length > 0);
    assert.equal(typeof j.pocket.residueNumber, 'number');
  }
  const only = (await run(ENTRY, '--kinds', 'hydrophobic')).stdout.trim().split('\n');
  assert.deepEqual(
    only,
    text.filter((l) => l.startsWith('hydrophobic\t')),
  );
});

test('an unknown kind is a usage error naming it', async () => {
  const r = await run(ENTRY, '--kinds', 'hydrophobic,vdw');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown kind vdw/);
  assert.equal(r.stdout, '');
});

test('3d4z: its zinc, a Trp stacked on its imidazole, aspartates around its cation', { skip: NEEDS_SHARED }, async () => {
  const r = await run(resolve(SHARED, 'pdbbind/3d4z'), '--kinds', 'metal,pi-stacking,salt-bridge');
  assert.equal(r.status, 0, r.stderr);
  const kinds = new Set(
    r.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t')[0]),
  );
  assert.deepEqual([...kinds].sort(), ['metal', 'pi-stacking', 'salt-bridge']);
  assert.match(r.stdout, /^metal\tZN 1046 A\tZN\t/m);
  assert.match(r.stdout, /^pi-stacking\tTRP 95 A\t.*face-to-face/m);
});
