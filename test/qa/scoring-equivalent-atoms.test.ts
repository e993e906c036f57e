// Equivalent residue atom names in the H-bond tasks' scores (qa/scoring/equivalent-atoms.ts,
// docs/scoring.md "Equivalent atom names"): names no image can tell apart count as one, each
// true bond found at most once (a one-to-one matching within a class); the paper's rule,
// names as written, is given beside (`asWritten`). Every expected number is worked out by
// hand beside its case: T true bonds, P predicted, f found.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { atomClass, EQUIVALENT_ATOM_NAMES, STANDARD_RESIDUES } from '../../qa/scoring/equivalent-atoms.ts';
import { requireTask, scorerOf } from '../../qa/task-registry.ts';
import { residueTemplate } from '../../structures/hbonds/residue-templates.ts';

function score(task: 'pocket_ligand' | 'residue_ligand', answer: string, reply: string) {
  const r = scorerOf(requireTask(task)).prepare({ answer })(reply);
  return { equivalent: r.score, exact: r.exact, written: r.asWritten!.score, writtenExact: r.asWritten!.exact };
}

/** [reply, score with equivalent names, score as written, exact with equivalent names, exact as written] */
type Case = [string, number, number, boolean, boolean];

function check(task: 'pocket_ligand' | 'residue_ligand', answer: string, cases: Case[]) {
  for (const [reply, equivalent, written, exact, writtenExact] of cases) {
    assert.deepEqual(score(task, answer, reply), { equivalent, exact, written, writtenExact }, `${answer} / ${reply}`);
  }
}

test('the table: ASP OD1/OD2, GLU OE1/OE2, ARG NH1/NH2, O/OXT of every standard residue; nothing else', () => {
  assert.deepEqual(
    EQUIVALENT_ATOM_NAMES.map((e) => e.atoms.join('/')),
    ['OD1/OD2', 'OE1/OE2', 'NH1/NH2', 'O/OXT'],
  );
  assert.equal(atomClass('ASP', 'OD2'), atomClass('asp', 'od1'));
  assert.equal(atomClass('GLU', 'OE1'), atomClass('GLU', 'OE2'));
  assert.equal(atomClass('ARG', 'NH1'), atomClass('ARG', 'NH2'));
  assert.notEqual(atomClass('ARG', 'NE'), atomClass('ARG', 'NH1'));
  assert.equal(atomClass('LEU', 'O'), atomClass('LEU', 'OXT'));
  // told apart by colour (O red, N blue) or by place in the ring
  assert.notEqual(atomClass('ASN', 'OD1'), atomClass('ASN', 'ND2'));
  assert.notEqual(atomClass('GLN', 'OE1'), atomClass('GLN', 'NE2'));
  assert.notEqual(atomClass('HIS', 'ND1'), atomClass('HIS', 'NE2'));
  // the H-bond typing's aliases read as their residue; a residue not in the table keeps its names
  assert.equal(atomClass('ASH', 'OD1'), atomClass('ASH', 'OD2'));
  assert.equal(atomClass('GLH', 'OE1'), atomClass('GLH', 'OE2'));
  assert.notEqual(atomClass('HID', 'ND1'), atomClass('HID', 'NE2'));
  assert.notEqual(atomClass('LIG', 'O1'), atomClass('LIG', 'O2'));
  assert.equal(atomClass('ASP', 'CG'), 'CG');
});

test('the table is what the 20 residue templates give: N, O, S atoms of one element on the same heavy atoms', () => {
  // Derived independently of the table: two polar atoms of a residue are equivalent when they
  // have the same element and the same bonded heavy atoms in structures/hbonds' template.
  for (const residue of STANDARD_RESIDUES) {
    const t = residueTemplate(residue)!;
    const polar = Object.keys(t.types).filter((a) => 'NOS'.includes(a[0]));
    const neighbours = (a: string) =>
      t.bonds
        .flatMap(([x, y]) => (x === a ? [y] : y === a ? [x] : []))
        .sort()
        .join(' ');
    for (const a of polar) {
      for (const b of polar) {
        if (a >= b) continue;
        const twins = a[0] === b[0] && neighbours(a) === neighbours(b);
        assert.equal(atomClass(residue, a) === atomClass(residue, b), twins, `${residue} ${a} / ${b}`);
      }
    }
  }
});

test('pocket-ligand: a swapped equivalent name matches; the paper rule still scores it as wrong', () => {
  const answer = 'ARG 8 NH2 A, O22; ASP 25 OD1 A, N3'; // T = 2
  check('pocket_ligand', answer, [
    ['ARG 8 NH2 A, O22; ASP 25 OD1 A, N3', 1, 1, true, true],
    ['ARG 8 NH1 A, O22; ASP 25 OD2 A, N3', 1, 0, true, false], // f = 2 of 2; as written f = 0
    ['asp 25 od2 a, n3; arg 8 nh2 a, o22', 1, 0.5, true, false], // case ignored; as written f = 1 of 2
    // both names of a class to one ligand atom where the truth has one: one found, one invented
    ['ASP 25 OD1 A, N3; ASP 25 OD2 A, N3', 1 / 2, 1 / 2, false, false], // f = 1 (not 2), P = 2 <= 4: 1/2
    ['ARG 8 NH2 A, O22; ASP 25 OD1 A, N3; ASP 25 OD2 A, N3', 0.5, 0.5, false, false], // all found + 1 invented
    ['ARG 8 NH1 A, O22; ARG 8 NH2 A, O22; ASP 25 OD2 A, N3', 0.5, 0.5, false, false], // equivalent: f = 2 of 2, P = 3: 0.5; as written: f = 1 of 2
    // the class is the residue's: another number, chain or ligand atom is another bond
    ['ARG 8 NH1 A, O22; ASP 26 OD2 A, N3', 1 / 2, 0, false, false],
    ['ARG 8 NH1 B, O22; ASP 25 OD2 A, N4', 0, 0, false, false],
    ['ARG 8 NE A, O22; ASP 25 OD2 A, N3', 1 / 2, 0, false, false], // NE is not NH1/NH2
    // more than twice as many bonds as true: 0 whatever is found
    ['ARG 8 NH1 A, O22; ARG 8 NH2 A, O22; ASP 25 OD1 A, N3; ASP 25 OD2 A, N3; GLY 9 N A, O1', 0, 0, false, false],
  ]);
});

test('pocket-ligand: where the truth has both names of a class, each is found once', () => {
  const answer = 'ASP 25 OD1 A, N3; ASP 25 OD2 A, N3; GLU 30 OE1 A, O5'; // T = 3, two in one class
  check('pocket_ligand', answer, [
    ['ASP 25 OD2 A, N3; ASP 25 OD1 A, N3; GLU 30 OE2 A, O5', 1, 2 / 3, true, false],
    ['ASP 25 OD2 A, N3', 1 / 3, 1 / 3, false, false], // one of the class's two
    ['ASP 25 OD2 A, N3; ASP 25 OD2 A, N3', 1 / 3, 1 / 3, false, false], // listed twice: one bond
    ['ASP 25 OD2 A, N3; GLU 30 OE2 A, O5', 2 / 3, 1 / 3, false, false],
    ['ASP 25 OD1 A, N3; ASP 25 OD2 A, N3; GLU 30 OE1 A, O5; GLU 30 OE2 A, O5', 0.5, 0.5, false, false], // all + 1
  ]);
});

test('pocket-ligand: C-terminal O and OXT, and names told apart in the pictures', () => {
  check('pocket_ligand', 'LEU 99 OXT A, N1', [
    ['LEU 99 O A, N1', 1, 0, true, false],
    ['LEU 99 O A, N1; LEU 99 OXT A, N1', 0.5, 0.5, false, false], // f = 1, P = 2 = twice 1
  ]);
  check('pocket_ligand', 'LEU 99 O A, N1; LEU 99 OXT A, N1', [['LEU 99 OXT A, N1; LEU 99 O A, N1', 1, 1, true, true]]);
  check('pocket_ligand', 'ASN 10 OD1 A, O1; HIS 41 NE2 A, O2', [
    ['ASN 10 ND2 A, O1; HIS 41 ND1 A, O2', 0, 0, false, false],
    ['ASN 10 OD1 A, O1; HIS 41 ND1 A, O2', 1 / 2, 1 / 2, false, false],
  ]);
});

test('residue-ligand: the same matching inside the verdict', () => {
  check('residue_ligand', 'Yes: ASP OD1, N3; ASP OD2, O5', [
    // T = 2
    ['Yes: ASP OD2, N3; ASP OD1, O5', 1, 0, true, false],
    ['Yes: ASP 25 OD2, N3', 1 / 2, 0, false, false], // a residue number is read and ignored
    ['Yes: ASP OD1, N3; ASP OD2, N3', 1 / 2, 1 / 2, false, false], // OD1-N3 found; OD2-N3 finds nothing more of class (ASP, N3)
    ['No', 0, 0, false, false],
  ]);
  check('residue_ligand', 'Yes: GLU OE1, N3', [
    ['Yes: GLU OE2, N3', 1, 0, true, false],
    ['Yes: GLU OE1, N3; GLU OE2, N3', 0.5, 0.5, false, false], // f = 1, P = 2: all + invented
    ['Yes: GLU OE1, N3; GLU OE2, N3; GLU O, N3', 0, 0, false, false], // P = 3 > 2
  ]);
  check('residue_ligand', 'No', [
    ['No', 1, 1, true, true],
    ['Yes: ARG NH1, O1', 0, 0, false, false],
  ]);
});

test('tasks whose answers name no residue atoms give no second rule', () => {
  for (const task of ['translation', 'docking', 'interaction_location'])
    assert.notEqual(scorerOf(requireTask(task)).equivalentAtomNames, true, task);
  assert.equal(scorerOf(requireTask('translation')).prepare({ answer: 'move x 3' })('move x 3').asWritten, undefined);
});
