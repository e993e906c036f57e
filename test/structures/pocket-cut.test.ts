// Pocket cutting against PDBbind's own pocket files, on the complexes of ../shared that ship
// both `<id>_protein.pdb` and `<id>_pocket.pdb`. Each complex either matches residue for
// residue or the test names why not; the default hydrogen rule is the best of the four.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ligandFromMol2, ligandFromSdf } from '../../structures/ligand-from-files.ts';
import type { Residue } from '../../structures/model.ts';
import { cutPocket, DEFAULT_POCKET_HYDROGENS, nearestDistance } from '../../structures/pocket-cut.ts';
import { parsePdb } from '../../structures/read-pdb.ts';
import { residueKind } from '../../structures/residue-kinds.ts';
import { NEEDS_SHARED, SAMPLE, SHARED } from '../shared-structures.ts';

const polymer = (path: string) => parsePdb(readFileSync(path, 'utf8'), path).residues.filter((r) => residueKind(r) === 'polymer');

test('sample 1hpv: a residue is cut into the pocket exactly when one of its atoms lies within 10 A of a ligand heavy atom', async () => {
  const dir = join(SAMPLE, 'pdbbind/1hpv');
  const lig = await ligandFromMol2(readFileSync(join(dir, '1hpv_ligand.mol2'), 'utf8'), '1hpv');
  assert.ok(lig.ok);
  const key = (r: Residue) => `${r.chain}|${r.number}|${r.name}`;
  const cut = cutPocket(polymer(join(dir, '1hpv_protein.pdb')), lig.ligand.atoms).map(key);
  assert.ok(cut.length > 20);
  // Independent check: a residue is in the pocket iff some atom is within 10 A of a ligand heavy atom.
  for (const r of polymer(join(dir, '1hpv_protein.pdb'))) {
    const near = r.atoms.some((a) =>
      lig.ligand.atoms.some((l) => !l.isHydrogen && Math.hypot(a.xyz[0] - l.xyz[0], a.xyz[1] - l.xyz[1], a.xyz[2] - l.xyz[2]) <= 10),
    );
    assert.equal(cut.includes(key(r)), near, key(r));
  }
});

test('pocket cutting reproduces PDBbind on >= 10 of the 23 complexes and names the reason for each other', {
  skip: NEEDS_SHARED,
}, async () => {
  const dir = join(SHARED, 'pdbbind');
  const ids = readdirSync(dir)
    .sort()
    .filter((id) => existsSync(join(dir, id, `${id}_protein.pdb`)));
  assert.equal(ids.length, 23);
  const modes = [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ] as const;
  const exact = new Map<string, number>(modes.map(([p, l]) => [`${p}/${l}`, 0]));
  const report: string[] = [];
  for (const id of ids) {
    const m = join(dir, id, `${id}_ligand.mol2`);
    const lig = existsSync(m)
      ? await ligandFromMol2(readFileSync(m, 'utf8'), m)
      : await ligandFromSdf(readFileSync(join(dir, id, `${id}_ligand.sdf`), 'utf8'), id);
    assert.ok(lig.ok, id);
    const protein = polymer(join(dir, id, `${id}_protein.pdb`));
    const pocket = polymer(join(dir, id, `${id}_pocket.pdb`));
    // PDBbind relabels chains as blank in some pocket files (read as one blank chain, or as
    // _1, _2 where TER or the numbering tells chains apart): compare without the chain then.
    const blankChains = pocket.every((r) => r.chain === '' || /^_\d+$/.test(r.chain));
    const key = (r: Residue) => `${blankChains ? '' : r.chain}|${r.number}|${r.insertionCode}|${r.name}`;
    const want = new Set(pocket.map(key));
    for (const [p, l] of modes) {
      const got = new Set(cutPocket(protein, lig.ligand.atoms, { withHydrogens: p, ligandHydrogens: l }).map(key));
      if (got.size === want.size && [...got].every((k) => want.has(k))) exact.set(`${p}/${l}`, exact.get(`${p}/${l}`)! + 1);
    }
    const cut = cutPocket(protein, lig.ligand.atoms);
    const got = new Map(cut.map((r) => [key(r), r]));
    const inProtein = new Set(protein.map(key));
    const extra = [...got.keys()].filter((k) => !want.has(k));
    const missing = [...want].filter((k) => !got.has(k));
    if (!extra.length && !missing.length) {
      report.push(`${id}: match${blankChains ? ' (pocket chains relabelled blank)' : ''}`);
      continue;
    }
    const reasons: string[] = [];
    const absent = missing.filter((k) => !inProtein.has(k));
    if (absent.length) reasons.push(`${absent.length} pocket residues missing from the protein file`);
    assert.equal(absent.length, missing.length, `${id}: unexplained missing residues ${missing}`);
    const pocketHasH = pocket.some((r) => r.atoms.some((a) => a.isHydrogen));
    const viaH = pocketHasH ? [] : extra.filter((k) => nearestDistance([got.get(k)!], lig.ligand.atoms, false) > 10);
    if (viaH.length) reasons.push(`${viaH.length} residues within 10 A only through protein hydrogens, which this pocket file lacks`);
    const edge = extra.filter((k) => !viaH.includes(k));
    if (edge.length) {
      // As the cut measures: any protein atom (hydrogens too) to a ligand heavy atom.
      const heavyLig = lig.ligand.atoms.filter((a) => !a.isHydrogen);
      const dist = (r: Residue) =>
        Math.min(...r.atoms.flatMap((a) => heavyLig.map((l) => Math.hypot(a.xyz[0] - l.xyz[0], a.xyz[1] - l.xyz[1], a.xyz[2] - l.xyz[2]))));
      const nearest = Math.min(...edge.map((k) => dist(got.get(k)!)));
      assert.ok(nearest >= 8, `${id}: an extra residue lies ${nearest.toFixed(2)} A from the ligand, not near the edge`);
      reasons.push(`${edge.length} residues between ${nearest.toFixed(1)} and 10 A that PDBbind left out (near the 10 A edge)`);
    }
    report.push(`${id}: ${reasons.join('; ')}${blankChains ? '; pocket chains relabelled blank' : ''}`);
  }
  console.log(report.join('\n'));
  console.log('exact matches by (protein H, ligand H):', Object.fromEntries(exact));
  const best = Math.max(...exact.values());
  assert.equal(exact.get(`${DEFAULT_POCKET_HYDROGENS}/false`), best, 'the default is not the best-matching hydrogen rule');
  assert.ok(best >= 10, `only ${best} exact matches`);
});
