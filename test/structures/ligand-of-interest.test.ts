// The ligand-of-interest rule: a full selector, a residue name (most protein heavy atoms within
// 4 A, ties by chain then number), or nothing (largest non-polymer, non-solvent, non-ion group).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { chooseLigand, findPeptideChain, parseLigandRequest } from '../../structures/ligand-of-interest.ts';
import type { Residue } from '../../structures/model.ts';
import { parsePdb } from '../../structures/read-pdb.ts';
import { SAMPLE } from '../shared-structures.ts';

const residues = parsePdb(readFileSync(join(SAMPLE, 'pdb-entries/3mht.pdb'), 'utf8'), '3mht.pdb').residues;

/** A copy of `r` moved by `shift` angstrom along x, renamed to `chain`/`number`. */
function moved(r: Residue, chain: string, number: number, shift: number): Residue {
  return { ...r, chain, number, atoms: r.atoms.map((a) => ({ ...a, xyz: [a.xyz[0] + shift, a.xyz[1], a.xyz[2]] })) };
}

test('the sample entry: by name and without a name the rule finds SAH:A:328, and says which rule chose', () => {
  const byName = chooseLigand(residues, { name: 'SAH' });
  const nameless = chooseLigand(residues, null);
  assert.ok(typeof byName !== 'string' && typeof nameless !== 'string');
  assert.deepEqual([byName.residue.name, byName.residue.chain, byName.residue.number, byName.rule], ['SAH', 'A', 328, 'residue-name']);
  assert.deepEqual(
    [nameless.residue.name, nameless.residue.chain, nameless.residue.number, nameless.rule],
    ['SAH', 'A', 328, 'largest-group'],
  );
  assert.match(byName.detail, /residue name SAH: the only instance/);
  assert.match(nameless.detail, /largest non-polymer, non-solvent, non-ion group \(\d+ heavy atoms\)/);
});

test('a name picks the instance with the most protein contacts; ties go to the chain, then the number', () => {
  const sah = residues.find((r) => r.name === 'SAH')!;
  const far = moved(sah, 'A', 900, 500);
  // Listed first in the file and on chain A, but far from any protein atom: not chosen.
  const choice = chooseLigand([far, ...residues], { name: 'SAH' });
  assert.ok(typeof choice !== 'string');
  assert.equal(choice.residue.number, 328);
  assert.match(choice.detail, /of 2$/);
  // Two copies far from the protein (no contacts either): chain B before C, then the lower number.
  const tie = chooseLigand([moved(sah, 'C', 1, 500), moved(sah, 'B', 7, 600), moved(sah, 'B', 5, 700)], { name: 'SAH' });
  assert.ok(typeof tie !== 'string');
  assert.deepEqual([tie.residue.chain, tie.residue.number], ['B', 5]);
});

test('without a name, additives are never chosen even when larger; nothing eligible is a reason', () => {
  const sah = residues.find((r) => r.name === 'SAH')!;
  const bigPeg = { ...moved(sah, 'A', 950, 30), name: 'PEG', atoms: [...sah.atoms, ...moved(sah, 'A', 950, 30).atoms] };
  const choice = chooseLigand([bigPeg, ...residues], null);
  assert.ok(typeof choice !== 'string');
  assert.equal(choice.residue.name, 'SAH');
  const none = chooseLigand(
    residues.filter((r) => r.name !== 'SAH'),
    null,
  );
  assert.equal(typeof none, 'string');
  assert.match(none as string, /no non-polymer, non-solvent, non-ion group/);
  assert.match(chooseLigand(residues, { name: 'ATP' }) as string, /no residue named ATP.*SAH:A:328/);
});

test('requests: RES:CHAIN:NUMBER with multi-character chains, a name alone, and neither', () => {
  assert.deepEqual(parseLigandRequest('SAH'), { name: 'SAH' });
  assert.deepEqual(parseLigandRequest('A1B2C:AAA:-5B'), { selector: { name: 'A1B2C', chain: 'AAA', number: -5, insertionCode: 'B' } });
  assert.deepEqual(parseLigandRequest('STI:_:201'), { selector: { name: 'STI', chain: '', number: 201, insertionCode: '' } });
  assert.match(parseLigandRequest('STI:A') as string, /neither RES:CHAIN:NUMBER/);
  const given = chooseLigand(residues, { selector: { name: 'SAH', chain: 'A', number: 328, insertionCode: '' } });
  assert.ok(typeof given !== 'string' && given.rule === 'selector');
});

test('a peptide ligand: the one polymer chain of that length', () => {
  const chainA = residues.filter((r) => r.chain === 'A' && !r.hetero);
  const peptide = chainA.slice(0, 5).map((r) => ({ ...r, chain: 'P' }));
  const found = findPeptideChain([...residues, ...peptide], 5);
  assert.ok(typeof found !== 'string');
  assert.equal(found.chain, 'P');
  assert.match(findPeptideChain(residues, 5) as string, /no polymer chain of 5 residues/);
});
