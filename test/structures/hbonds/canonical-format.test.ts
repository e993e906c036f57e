import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalPairs, formatHBondList } from '../../../structures/hbonds/canonical-format.ts';
import type { HBond } from '../../../structures/model.ts';

function bond(chain: string, res: string, num: number, icode: string, atom: string, lig: string, donorSide: 'pocket' | 'ligand'): HBond {
  const pocket = { side: 'pocket' as const, chain, residueName: res, residueNumber: num, insertionCode: icode, atomName: atom };
  const ligand = { side: 'ligand' as const, chain: 'L', residueName: 'LIG', residueNumber: 1, insertionCode: '', atomName: lig };
  return donorSide === 'pocket'
    ? { donor: pocket, acceptor: ligand, hydrogen: null, distanceDA: 3, distanceHA: null, donorSide }
    : { donor: ligand, acceptor: pocket, hydrogen: null, distanceDA: 3, distanceHA: null, donorSide };
}

test('canonical list: sorted by chain, number, insertion code, residue atom, ligand atom; each pair once', () => {
  const list = [
    bond('B', 'ASP', 25, '', 'OD2', 'O3', 'pocket'),
    bond('A', 'ARG', 221, '', 'NH2', 'O22', 'pocket'),
    bond('A', 'ASP', 227, 'A', 'OD1', 'N3', 'ligand'),
    bond('A', 'ARG', 221, '', 'N', 'O23', 'pocket'),
    bond('A', 'ASP', 227, '', 'OD1', 'N3', 'ligand'),
    bond('A', 'ARG', 221, '', 'NH2', 'O22', 'ligand'),
    bond('A', 'SER', 9, '', 'OG', 'O1', 'pocket'),
  ];
  assert.equal(
    formatHBondList(list),
    'SER 9 OG A, O1; ARG 221 N A, O23; ARG 221 NH2 A, O22; ASP 227 OD1 A, N3; ASP 227A OD1 A, N3; ASP 25 OD2 B, O3',
  );
  assert.equal(canonicalPairs(list).length, 6);
});

test('blank chain is written _ and an empty list is an empty string', () => {
  assert.equal(formatHBondList([bond('', 'GLY', 5, '', 'O', 'N1', 'ligand')]), 'GLY 5 O _, N1');
  assert.equal(formatHBondList([]), '');
});
