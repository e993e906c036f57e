// A ligand whose atoms all sit at one point is rejected whatever file it came from (mol2,
// SDF, a residue of a PDB entry), with a reason naming the file; the real files of the
// bundled sample with their coordinates collapsed serve as inputs.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkCoincident } from '../../structures/check-coordinates.ts';
import { ingest } from '../../structures/ingest.ts';
import { SAMPLE } from '../shared-structures.ts';

const POINT = '  12.345  -6.789   3.210';

/** mol2: every ATOM-section line moved to one point (columns by fields). */
function collapseMol2(text: string): string {
  let inAtoms = false;
  return text
    .split('\n')
    .map((l) => {
      if (l.startsWith('@<TRIPOS>')) inAtoms = l.startsWith('@<TRIPOS>ATOM');
      else if (inAtoms && l.trim()) {
        const f = l.trim().split(/\s+/);
        f[2] = '12.3450';
        f[3] = '-6.7890';
        f[4] = '3.2100';
        return f.join(' ');
      }
      return l;
    })
    .join('\n');
}

/** SDF (V2000): every atom line of the first molecule moved to one point. */
function collapseSdf(text: string): string {
  const lines = text.split('\n');
  const n = Number(lines[3].slice(0, 3));
  for (let i = 4; i < 4 + n; i++) lines[i] = '   12.3450   -6.7890    3.2100' + lines[i].slice(30);
  return lines.join('\n');
}

test('coincident atoms: several at one point is a problem, one atom or two apart is not', () => {
  assert.match(
    checkCoincident([
      [1, 2, 3],
      [1, 2, 3],
      [1.001, 2, 3],
    ]) ?? '',
    /all 3 atoms sit at one point \(1, 2, 3\)/,
  );
  assert.equal(checkCoincident([[1, 2, 3]]), null);
  assert.equal(
    checkCoincident([
      [1, 2, 3],
      [1, 2, 3],
      [1.5, 2, 3],
    ]),
    null,
  );
});

test('a ligand with every atom at one point is rejected from mol2, SDF and a PDB entry alike', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-coincident-'));
  const src = join(SAMPLE, 'pdbbind/1hpv');
  // mol2 alone (with its pocket), and SDF alone.
  for (const [id, kind] of [
    ['mola', 'mol2'],
    ['sdfa', 'sdf'],
  ] as const) {
    mkdirSync(join(dir, id));
    writeFileSync(join(dir, id, `${id}_pocket.pdb`), readFileSync(join(src, '1hpv_pocket.pdb')));
    const text = readFileSync(join(src, `1hpv_ligand.${kind}`), 'utf8');
    writeFileSync(join(dir, id, `${id}_ligand.${kind}`), kind === 'mol2' ? collapseMol2(text) : collapseSdf(text));
  }
  // A whole entry whose ligand residue (SAH A 328) has every atom at one point.
  const entry = readFileSync(join(SAMPLE, 'pdb-entries/3mht.pdb'), 'utf8')
    .split('\n')
    .map((l) => (/^HETATM.{11}SAH A 328/.test(l) ? l.slice(0, 30) + POINT + l.slice(54) : l))
    .join('\n');
  writeFileSync(join(dir, 'ent1.pdb'), entry);
  const { complexes, rejects } = await ingest([dir], { ligand: 'SAH:A:328' });
  assert.deepEqual(
    complexes.map((c) => c.id),
    [],
  );
  const byId = new Map(rejects.map((r) => [r.id, r]));
  for (const [id, file] of [
    ['mola', 'mola_ligand.mol2'],
    ['sdfa', 'sdfa_ligand.sdf'],
    ['ent1', 'ent1.pdb'],
  ]) {
    const r = byId.get(id);
    assert.ok(r, `${id} not rejected`);
    assert.ok(r.path.endsWith(file), `${id}: ${r.path}`);
    assert.match(r.reason, /no usable coordinates: all \d+ atoms sit at one point \(12\.345, -6\.789, 3\.21\)/, `${id}: ${r.reason}`);
  }
});
