// residue_ligand's negatives: qa/matched-negatives.ts on hand-made pockets whose answers are
// worked out here; the sample's 1hpv worked by hand; and `--negatives stratified` equal to
// the residue lists recorded from the code before matched negatives existed (commit c3825ac).

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { type MatchCandidate, matchNegatives, NAME_WINDOW, PAIR_TOLERANCE } from '../../qa/matched-negatives.ts';
import type { PreparedComplex } from '../../qa/task.ts';
import { taskContext } from '../../qa/task-context.ts';
import { residueLigandTask } from '../../qa/tasks/residue-ligand.ts';
import { makeStyle } from '../../renders/style.ts';
import { NEEDS_SHARED } from '../shared-structures.ts';
import { sampleWithBonds, sharedWithBonds } from './hbond-complexes.ts';

const r = (number: number, name: string, minDistance: number, chain = 'A'): MatchCandidate => ({
  residue: { chain, number, insertionCode: '' },
  name,
  minDistance,
});
const _keys = (xs: MatchCandidate[]) => xs.map((x) => `${x.name} ${x.residue.number}`);
const pairsOf = (pos: MatchCandidate[], cand: MatchCandidate[], rule?: Parameters<typeof matchNegatives>[2]) =>
  matchNegatives(pos, cand, rule).map(
    (p) => `${p.positive.name} ${p.positive.residue.number} -> ${p.negative.name} ${p.negative.residue.number}`,
  );

test('the numbers the docs state', () => {
  assert.equal(NAME_WINDOW, 0.1);
  assert.equal(PAIR_TOLERANCE, 0.15);
});

test('nearest first, each candidate once: positives taken nearest first, each the nearest left', () => {
  // Positives at 2.7 and 2.9; candidates 2.85, 3.2, 3.6, 5.0. The 2.7 one goes first and takes
  // 2.85 (gap 0.15); the 2.9 one is left 3.2 (0.3), not 2.85 (taken).
  const pos = [r(2, 'SER', 2.9), r(1, 'THR', 2.7)];
  const cand = [r(10, 'LEU', 2.85), r(11, 'VAL', 3.2), r(12, 'ILE', 3.6), r(13, 'ALA', 5.0)];
  assert.deepEqual(pairsOf(pos, cand, { window: 0 }), ['THR 1 -> LEU 10', 'SER 2 -> VAL 11']);
  // Fewer candidates than positives: one pair per candidate, the nearest positives served.
  assert.deepEqual(pairsOf(pos, [r(11, 'VAL', 3.2)], { window: 0 }), ['THR 1 -> VAL 11']);
  assert.deepEqual(pairsOf([], cand), []);
});

test('ties: equal gaps go to the smaller distance, then the residue key', () => {
  // Positive at 3.0; candidates at 2.8 and 3.2 (both 0.2 away): 2.8, the smaller distance.
  assert.deepEqual(pairsOf([r(1, 'ASP', 3.0)], [r(20, 'LEU', 3.2), r(21, 'LEU', 2.8)], { window: 0 }), ['ASP 1 -> LEU 21']);
  // The same distance twice: the lower key (A:7 before A:9; chain A before chain B).
  assert.deepEqual(pairsOf([r(1, 'ASP', 3.0)], [r(9, 'LEU', 3.3), r(7, 'LEU', 3.3)], { window: 0 }), ['ASP 1 -> LEU 7']);
  assert.deepEqual(pairsOf([r(1, 'ASP', 3.0)], [r(7, 'LEU', 3.3, 'B'), r(7, 'LEU', 3.3, 'A')], { window: 0 }).length, 1);
  assert.equal(
    matchNegatives([r(1, 'ASP', 3.0)], [r(7, 'LEU', 3.3, 'B'), r(7, 'LEU', 3.3, 'A')], { window: 0 })[0].negative.residue.chain,
    'A',
  );
  // Positives at the same distance: the lower key goes first.
  assert.deepEqual(pairsOf([r(5, 'SER', 3.0), r(4, 'THR', 3.0)], [r(30, 'GLY', 3.05), r(31, 'GLY', 3.5)], { window: 0 }), [
    'THR 4 -> GLY 30',
    'SER 5 -> GLY 31',
  ]);
});

test('names: within the window past the nearest gap, the name the positives owe wins; beyond it, distance does', () => {
  // Positive ASP at 3.00. Nearest: LEU at 3.02 (gap 0.02). ASP at 3.10 (gap 0.10 <= 0.02 + 0.1): taken for its name.
  assert.deepEqual(pairsOf([r(1, 'ASP', 3.0)], [r(20, 'LEU', 3.02), r(21, 'ASP', 3.1)]), ['ASP 1 -> ASP 21']);
  // ASP at 3.15 (gap 0.15 > 0.12): outside the window, the nearest (LEU) is taken.
  assert.deepEqual(pairsOf([r(1, 'ASP', 3.0)], [r(20, 'LEU', 3.02), r(21, 'ASP', 3.15)]), ['ASP 1 -> LEU 20']);
  // Owed counts over the complex: two positives SER (2.8) and ARG (2.9); candidates ARG 2.85, LEU 2.83, SER 3.3.
  // SER goes first: window 0.02 + 0.1 holds LEU 2.83 and ARG 2.85; ARG is owed (the ARG positive), LEU not: ARG.
  // ARG next: left LEU 2.83 (gap 0.07), SER 3.3 (0.4): SER is outside the window: LEU.
  assert.deepEqual(pairsOf([r(1, 'SER', 2.8), r(2, 'ARG', 2.9)], [r(20, 'ARG', 2.85), r(21, 'LEU', 2.83), r(22, 'SER', 3.3)]), [
    'SER 1 -> ARG 20',
    'ARG 2 -> LEU 21',
  ]);
  // Once a name is paid (owed 0), it no longer wins over a nearer residue of another name.
  assert.deepEqual(pairsOf([r(1, 'GLU', 2.7), r(2, 'LYS', 2.71)], [r(20, 'GLU', 2.72), r(21, 'GLU', 2.74), r(22, 'VAL', 2.73)]), [
    'GLU 1 -> GLU 20',
    'LYS 2 -> VAL 22',
  ]);
});

test('paired: a positive with no candidate within the tolerance is left out; within it, names then gaps', () => {
  const pos = [r(1, 'ASN', 2.7), r(2, 'GLN', 3.0)];
  // 2.7 has nothing within 0.15 (2.9 is 0.2 away); 3.0 takes GLN 3.14 (owed) over ALA 2.95 (nearer).
  const cand = [r(20, 'ALA', 2.95), r(21, 'GLN', 3.14), r(22, 'LEU', 2.9)];
  assert.deepEqual(pairsOf(pos, cand, { window: 0, tolerance: PAIR_TOLERANCE }), ['GLN 2 -> GLN 21']);
  // matchNegatives's own default rule (matched) serves both: ASN 2.7 takes LEU 2.9 (nearest, 0.2; ALA 2.95 is in its
  // window but no name there is owed); GLN 3.0 then has ALA 2.95 (0.05) and GLN 3.14 (0.14 <= 0.15): GLN.
  assert.deepEqual(pairsOf(pos, cand), ['ASN 1 -> LEU 22', 'GLN 2 -> GLN 21']);
});

// --- on the sample, through the task ---
const style = makeStyle();
function residues(s: PreparedComplex, seed: number, negatives?: string): string[] {
  const options = negatives ? { residueFraming: 'subject', negatives } : undefined;
  const n = residueLigandTask.questionCount!(s, 'train', 40, options);
  return Array.from({ length: n }, (_, index) => {
    const q = residueLigandTask.plan(
      taskContext({
        seed,
        task: residueLigandTask.id,
        split: 'train',
        index,
        count: n,
        rng: () => 0.5,
        subject: s,
        slot: () => 0,
        splitIds: [s.complex.id],
        complexById: () => s,
        style,
        options,
      }),
    );
    assert.ok(q.ok);
    return `${q.plan.params.residue}=${q.plan.params.verdict}`;
  });
}

test('sample 1hpv at seed 0, matched and paired (the default), worked by hand', async () => {
  const hpv = (await sampleWithBonds()).find((s) => s.complex.id === '1hpv')!;
  // Positives nearest first: ASP B:25 2.659, ASP B:30 3.147, ASP A:30 3.489 (owed ASP 3). Bond-free:
  // ASP A:25 2.581, GLY B:49 3.086, GLY B:27 3.289, GLY A:27 3.350, ILE A:50 3.358, GLY B:48 3.482,
  // ASP A:29 3.506, PRO A:81 3.529, VAL A:32 3.568, ...
  // ASP B:25: nearest ASP A:25 (0.078); window <= 0.178 holds it alone: ASP A:25.
  // ASP B:30: nearest GLY B:49 (0.061); window <= 0.161: GLY B:49, GLY B:27 (0.142); no name owed: the nearer, GLY B:49.
  // ASP A:30: nearest GLY B:48 (0.007); window <= 0.107: GLY B:48, ASP A:29 (0.017), PRO A:81 (0.040), VAL A:32 (0.079);
  //   ASP is owed (2 left): ASP A:29.
  const list = residues(hpv, 0, 'matched');
  assert.deepEqual(
    list
      .filter((x) => x.endsWith('=no'))
      .map((x) => x.replace('=no', ''))
      .sort(),
    ['ASP A:25', 'ASP A:29', 'GLY B:49'],
  );
  assert.deepEqual(
    list
      .filter((x) => x.endsWith('=yes'))
      .map((x) => x.replace('=yes', ''))
      .sort(),
    ['ASP A:30', 'ASP B:25', 'ASP B:30'],
  );
  // The default is paired.
  assert.deepEqual(residues(hpv, 0), residues(hpv, 0, 'paired'));
  // Paired: every gap above is within 0.15 A, and the window (0.15 A around each positive) changes no pick:
  // ASP B:30's window holds GLY B:49 and GLY B:27 (no name owed: GLY B:49); ASP A:30's holds ASP A:29.
  assert.deepEqual(residues(hpv, 0, 'paired').slice().sort(), list.slice().sort());
});

// Recorded from the code before matched negatives (commit c3825ac, `residueQuestions` at seed 0).
const RECORDED: Record<string, string[]> = {
  '1hpv': ['ASP B:30=yes', 'PRO A:79=no', 'ASP B:25=yes', 'ILE A:84=no', 'ASP A:30=yes', 'LEU A:76=no'],
  '1pgp': [
    'LYS A:183=yes',
    'GLN A:259=no',
    'ASN A:187=yes',
    'TRP A:265=no',
    'TYR A:191=yes',
    'VAL A:185=no',
    'ARG A:287=yes',
    'ILE A:367=no',
    'SER A:128=yes',
    'GLY A:192=no',
    'LYS A:260=yes',
    'GLY A:258=no',
  ],
  '3mht': [
    'ILE A:61=yes',
    'GLY A:284=no',
    'SER A:305=yes',
    'ASN A:39=no',
    'GLU A:40=yes',
    'PHE A:53=no',
    'LEU A:21=yes',
    'LYS A:300=no',
    'ASP A:60=yes',
    'PHE A:24=no',
    'GLY A:23=yes',
    'MET A:283=no',
    'TRP A:41=yes',
    'VAL A:64=no',
  ],
};
/** sha256 of JSON [seed, id, list] for seeds 0-3 over the set, lists as above. The shared
 * set leaves out 10gs: its pocket file's two chains without ids are now told apart (`_1`,
 * `_2`), so its residues are named otherwise; the hash of the other 19 was computed by the
 * code of 210c3b4, before any change to the negatives. */
const RECORDED_HASH = {
  sample: 'e20c3498f673a21070e126e20fe0b6db268e559e20aefff81100194fdf11f6df',
  shared: '8a4b5955b789b8bf1d2b1ae722f659319b18d95150870463ba10efeaf4916af1',
};
function hashOf(all: PreparedComplex[], negatives?: string): string {
  const h = createHash('sha256');
  for (const seed of [0, 1, 2, 3]) for (const s of all) h.update(JSON.stringify([seed, s.complex.id, residues(s, seed, negatives)]));
  return h.digest('hex');
}

test('sample: --negatives stratified asks exactly the residues it asked before, in the same order', async () => {
  const all = await sampleWithBonds();
  for (const s of all) assert.deepEqual(residues(s, 0, 'stratified'), RECORDED[s.complex.id], s.complex.id);
  assert.equal(hashOf(all, 'stratified'), RECORDED_HASH.sample);
  // The default (paired) asks other residues; matched asks other negatives for the same positives.
  assert.notEqual(hashOf(all), RECORDED_HASH.sample);
  for (const s of all) {
    const yes = (l: string[]) => l.filter((x) => x.endsWith('=yes')).sort();
    assert.deepEqual(yes(residues(s, 0, 'matched')), yes(RECORDED[s.complex.id]));
  }
});

test('shared (20): --negatives stratified asks exactly the residues it asked before (seeds 0-3)', { skip: NEEDS_SHARED }, async () => {
  const all = (await sharedWithBonds()).filter((s) => s.complex.id !== '10gs');
  assert.equal(all.length, 19);
  assert.equal(hashOf(all, 'stratified'), RECORDED_HASH.shared);
});
