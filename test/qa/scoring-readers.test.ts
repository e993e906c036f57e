// Reading answers out of replies the way models really write them: words around the answer,
// case, spacing, a trailing full stop, `Answer: B`, markdown, reasoning, bonds in any order.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  readReplyPocketBonds,
  readReplyResidueVerdict,
  readTruthPocketBonds,
  readTruthResidueVerdict,
} from '../../qa/scoring/read-bonds.ts';
import { readReplyLetter } from '../../qa/scoring/read-choice.ts';
import { readReplyCommands } from '../../qa/scoring/read-commands.ts';

const commandsOf = (reply: string) =>
  readReplyCommands(reply)
    ?.map((c) => `${c.kind} ${c.axis} ${c.amount}`)
    .join(', ');

test('commands are read through words, case, signs, units and punctuation', () => {
  const cases: [string, string | undefined][] = [
    ['move x 3', 'move x 3'],
    ['The answer is roll y 15.', 'roll y 15'],
    ['Answer: ROLL Y -15°', 'roll y -15'],
    ['**move y +2**', 'move y 2'],
    ['`move x 3`', 'move x 3'],
    ['move x \u22123 \u00c5', 'move x -3'], // unicode minus, angstrom sign
    ['move x - 4', 'move x -4'],
    ['roll y by 30 degrees', 'roll y 30'],
    ['roll y-axis 45', 'roll y 45'],
    ['move z 50.0', 'move z 50'],
    ['move x 3.', 'move x 3'],
    ['  MOVE   X   3  ', 'move x 3'],
    ['move x -14, roll x 75', 'move x -14, roll x 75'],
    ['I cannot tell from these images.', undefined],
    ['', undefined],
  ];
  for (const [reply, expected] of cases) assert.equal(commandsOf(reply), expected, reply);
});

test('the answer after the last answer marker wins over commands in the reasoning', () => {
  assert.equal(commandsOf('It looks like move x 2 at first, but the labels shifted more. Final answer: move x 3.'), 'move x 3');
  assert.equal(commandsOf('<think>maybe roll z 90</think>roll z -45'), 'roll z -45');
  // a marker with no command after it: the whole reply is searched
  assert.equal(commandsOf('move y -1 is my answer'), 'move y -1');
});

test('letters are read from the shapes models use', () => {
  const cases: [string, string | undefined][] = [
    ['B', 'B'],
    ['b', 'B'],
    ['B.', 'B'],
    ['(C)', 'C'],
    ['d)', 'D'],
    ['Answer: B', 'B'],
    ['answer: c', 'C'],
    ['The answer is **D**.', 'D'],
    ['The correct answer is: (A).', 'A'],
    ['Option A', 'A'],
    ['B) move x 3, move y -5', 'B'],
    ['I pick C because its ligand sits lower.', 'C'],
    ['The answer is B. Option A would put the ligand too high.', 'B'],
    ['The answer is a rotation, so it is option C', 'C'],
    ['A or B', undefined],
    ['I cannot tell.', undefined],
    ['', undefined],
  ];
  for (const [reply, expected] of cases) assert.equal(readReplyLetter(reply), expected, reply);
});

test('a reply that repeats one option instead of its letter chooses that option', () => {
  const options = { A: 'move x 3, move y -5', B: 'move x -3, move y 5', C: 'move x 0, move y 5', D: 'move x 6, move y -2' };
  assert.equal(readReplyLetter('move x 0, move y 5', options), 'C');
  assert.equal(readReplyLetter('Move X -3, Move Y 5.', options), 'B');
  assert.equal(readReplyLetter('move x 1, move y 1', options), undefined);
});

const sorted = (s: Set<string> | undefined) => (s ? [...s].sort() : undefined);

test('residue-ligand replies: bonds in any order, spacing and case; No and bare Yes', () => {
  const truth = readTruthResidueVerdict('Yes: ARG NH2, O22; ARG N, O23');
  assert.equal(truth.kind, 'yes');
  const want = ['ARG N O23', 'ARG NH2 O22'];
  assert.deepEqual(sorted((truth as { bonds: Set<string> }).bonds), want);
  for (const reply of [
    'Yes: ARG NH2, O22; ARG N, O23',
    'yes: arg n,o23 ;ARG  NH2 , O22.',
    'Answer: Yes: ARG N, O23; ARG NH2, O22',
    'Yes, there are two:\n- ARG NH2, O22\n- ARG N, O23',
    'Yes: ARG 221 NH2, O22; ARG 221 N, O23', // a residue number is tolerated
  ]) {
    const v = readReplyResidueVerdict(reply);
    assert.equal(v?.kind, 'yes', reply);
    assert.deepEqual(sorted((v as { bonds: Set<string> }).bonds), want, reply);
  }
  for (const reply of ['No', 'no.', 'No, there is no hydrogen bond.', 'Answer: No', 'None']) {
    assert.deepEqual(readReplyResidueVerdict(reply), { kind: 'no' }, reply);
  }
  assert.deepEqual(readReplyResidueVerdict('Yes.'), { kind: 'yes', bonds: new Set() });
  assert.equal(readReplyResidueVerdict('Hard to say.'), undefined);
  assert.deepEqual(readTruthResidueVerdict('No'), { kind: 'no' });
  assert.throws(() => readTruthResidueVerdict('Maybe'), /expected 'No' or 'Yes/);
});

test('pocket-ligand replies: order, spacing, insertion codes, blank chains; a bond without its chain matches nothing', () => {
  const truth = readTruthPocketBonds('ARG 221 NH2 A, O22; ARG 221 N A, O23; ASP 227A OD1 _, N3');
  const want = ['ARG 221 N A O23', 'ARG 221 NH2 A O22', 'ASP 227A OD1 _ N3'];
  assert.deepEqual(sorted(truth), want);
  for (const reply of [
    'ARG 221 NH2 A, O22; ARG 221 N A, O23; ASP 227A OD1 _, N3',
    'The hydrogen bonds are: asp 227a od1 _,n3; ARG 221 N A , O23;  ARG 221 NH2 A, O22.',
    '1. ARG 221 N A, O23\n2. ASP 227A OD1 _, N3\n3. ARG 221 NH2 A, O22\n',
    'ARG 221 NH2 A, O22; ARG 221 NH2 A, O22; ARG 221 N A, O23; ASP 227A OD1 _, N3', // a repeat counts once
  ])
    assert.deepEqual(sorted(readReplyPocketBonds(reply)), want, reply);
  const noChain = readReplyPocketBonds('ARG 221 NH2, O22');
  assert.equal(noChain?.size, 1);
  assert.ok(![...noChain!].some((b) => truth.has(b)));
  assert.deepEqual(readReplyPocketBonds('There are no hydrogen bonds.'), new Set());
  assert.equal(readReplyPocketBonds('I am not sure.'), undefined);
  assert.throws(() => readTruthPocketBonds('ARG 221 NH2, O22'), /not a pocket-ligand bond/);
  // Chains without ids told apart are named _1, _2 (10gs): truth and reply read them alike.
  const blank = readTruthPocketBonds('TRP 38 NE1 _1, O_3; TYR 7 OH _2, O_1');
  assert.deepEqual(sorted(blank), ['TRP 38 NE1 _1 O_3', 'TYR 7 OH _2 O_1']);
  assert.deepEqual(sorted(readReplyPocketBonds('tyr 7 oh _2, o_1; TRP 38 NE1 _1, O_3')!), sorted(blank));
});
