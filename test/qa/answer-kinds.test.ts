// The answer kinds (qa/answer-kinds.ts): each truth of a kind gives the answer text the dataset
// writes (written out by hand here), the labels it names, and a truth of another kind is named
// as such, never read; every task of the nine declares the kind its records hold, and the
// residue_ligand records of a plan give back their answers. Also the human page's verdict
// field (pipeline/browse/page/human-forms.js's verdictAnswer rule, through the registry's form).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ANSWER_KINDS,
  bondListAnswer,
  commandsAnswer,
  letterAnswer,
  RecordTruthSchema,
  residueListAnswer,
  textAnswer,
  verdictAnswer,
  yesNoAnswer,
} from '../../qa/answer-kinds.ts';
import { readReplyResidues, readTruthResidues } from '../../qa/scoring/read-residues.ts';
import { answerKindOf, planTruthProblem, taskById, taskProblem } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';

const yes = {
  residue: { chain: 'A', number: 221, insertionCode: '', name: 'ARG' },
  bonds: [
    { residueAtom: 'NH2', ligandAtom: 'O22' },
    { residueAtom: 'NE', ligandAtom: 'O23' },
  ],
};
const pocket = {
  bonds: [
    { chain: 'A', residueName: 'ARG', residueNumber: 221, insertionCode: '', residueAtom: 'NH2', ligandAtom: 'O22' },
    { chain: '', residueName: 'ASP', residueNumber: 227, insertionCode: 'A', residueAtom: 'OD1', ligandAtom: 'N3' },
  ],
};

test('each kind gives the answer text the dataset writes', () => {
  assert.equal(
    commandsAnswer.answerOf({
      commands: [
        { kind: 'roll', axis: 'y', amount: 30 },
        { kind: 'move', axis: 'z', amount: -2 },
      ],
    }),
    'roll y 30, move z -2',
  );
  assert.equal(letterAnswer.answerOf({ letter: 'C', options: [{ letter: 'C', scheme: 'truth' }] }), 'C');
  assert.equal(verdictAnswer.answerOf(yes), 'Yes: ARG NH2, O22; ARG NE, O23');
  assert.equal(verdictAnswer.answerOf({ ...yes, bonds: [] }), 'No');
  assert.equal(bondListAnswer.answerOf(pocket), 'ARG 221 NH2 A, O22; ASP 227A OD1 _, N3');
  assert.equal(bondListAnswer.answerOf({ bonds: [] }), '');
  assert.equal(textAnswer.answerOf({ anything: 1 }), undefined);
});

test('a truth of another kind is named, not read', () => {
  assert.equal(verdictAnswer.answerOf(pocket), undefined);
  assert.equal(commandsAnswer.answerOf({ commands: [] }), undefined);
  assert.equal(commandsAnswer.answerOf({ commands: [{ kind: 'turn', axis: 'x', amount: 1 }] }), undefined);
  const c = verdictAnswer.check({ bonds: [] });
  assert.ok(!c.ok && /^truth is not of answer kind 'verdict': residue: /.test(c.problem), JSON.stringify(c));
  assert.deepEqual(bondListAnswer.check(pocket), { ok: true });
  // A record's truth is one of the kinds: an object; null or a string is none.
  assert.equal(RecordTruthSchema.safeParse(null).success, false);
  assert.equal(RecordTruthSchema.safeParse('No').success, false);
  assert.equal(RecordTruthSchema.safeParse(yes).success, true);
});

test('the labels an answer names: the verdict its residue always, each bond its residue and ligand atom', () => {
  assert.deepEqual(verdictAnswer.labelsOf({ ...yes, bonds: [] }), [{ kind: 'residue', chain: 'A', residueNumber: 221, insertionCode: '' }]);
  assert.deepEqual(verdictAnswer.labelsOf(yes)?.slice(1), [
    { kind: 'ligand', atomName: 'O22' },
    { kind: 'ligand', atomName: 'O23' },
  ]);
  assert.deepEqual(bondListAnswer.labelsOf(pocket)?.slice(2), [
    { kind: 'residue', chain: '', residueNumber: 227, insertionCode: 'A' },
    { kind: 'ligand', atomName: 'N3' },
  ]);
  assert.deepEqual(commandsAnswer.labelsOf({ commands: [{ kind: 'move', axis: 'x', amount: 1 }] }), []);
});

test('the nine declare their kinds; a task that declares none takes a letter (choice) or text (cloze)', () => {
  const kinds = Object.fromEntries(TASKS.map((t) => [t.id, answerKindOf(t).name]));
  assert.deepEqual(kinds, {
    translation: 'commands',
    rotation: 'commands',
    zooming: 'commands',
    residue_ligand: 'verdict',
    translation_rotation: 'letter',
    rotation_rotation: 'letter',
    docking: 'commands',
    interaction_location: 'letter',
    pocket_ligand: 'bonds',
  });
  assert.equal(answerKindOf({ format: 'choice' }), ANSWER_KINDS.letter);
  assert.equal(answerKindOf({ format: 'cloze' }), ANSWER_KINDS.text);
  // The tasks whose answers move something say what; the others do not.
  assert.deepEqual(
    TASKS.filter((t) => t.motion).map((t) => `${t.id}:${t.motion!.moves}`),
    ['translation:scene', 'rotation:scene', 'zooming:scene', 'translation_rotation:scene', 'rotation_rotation:scene', 'docking:ligand'],
  );
});

test('a task module with a malformed answer kind, motion or baseline is refused with the reason', () => {
  const base = { ...taskById('translation')! };
  assert.equal(taskProblem(base), null);
  assert.match(taskProblem({ ...base, answer: 'commands' })!, /answer must be an answer kind/);
  assert.match(taskProblem({ ...base, motion: { moves: 'camera' } })!, /motion\.moves must be 'scene' or 'ligand'/);
  assert.match(taskProblem({ ...base, baselines: [{ name: 'x' }] })!, /each baseline needs a name and fit\(\)/);
});

test("a plan's truth not of its task's answer kind is named (planQuestion makes it a reject)", () => {
  const verdictTask = taskById('residue_ligand')!;
  assert.equal(planTruthProblem(verdictTask, { kind: 'data', value: yes }), null);
  assert.match(planTruthProblem(verdictTask, { kind: 'data', value: pocket })!, /^the plan's truth is not of answer kind 'verdict'/);
  assert.equal(
    planTruthProblem(verdictTask, { kind: 'commands', commands: [{ kind: 'move', axis: 'x', amount: 1 }] }),
    "the plan's truth is commands, but the task's answer kind is 'verdict'",
  );
  // A cloze task that declares no kind writes its own value: commands too.
  assert.equal(planTruthProblem({ format: 'cloze' }, { kind: 'commands', commands: [{ kind: 'move', axis: 'x', amount: 1 }] }), null);
});

const residue = { chain: 'A', number: 221, insertionCode: '', name: 'ARG' };
const listed = {
  kind: 'salt-bridge',
  residues: [residue, { chain: '', number: 227, insertionCode: 'A', name: 'ASP' }],
};

test('yesno and residues: the answer text, the labels named, and a truth of another kind refused', () => {
  assert.equal(yesNoAnswer.answerOf({ residue, kind: 'salt bridge', makes: true }), 'Yes');
  assert.equal(yesNoAnswer.answerOf({ residue, kind: 'salt bridge', makes: false }), 'No');
  assert.deepEqual(yesNoAnswer.labelsOf({ residue, kind: 'pi-stacking', makes: false }), [
    { kind: 'residue', chain: 'A', residueNumber: 221, insertionCode: '' },
  ]);
  assert.equal(residueListAnswer.answerOf(listed), 'ARG 221 A; ASP 227A _');
  assert.equal(residueListAnswer.answerOf({ kind: 'cation-pi', residues: [] }), '');
  assert.deepEqual(residueListAnswer.labelsOf(listed)?.[1], { kind: 'residue', chain: '', residueNumber: 227, insertionCode: 'A' });
  // A verdict's truth is no yes/no one (no `makes`), a bond list no residue list.
  assert.equal(yesNoAnswer.answerOf(yes), undefined);
  assert.equal(residueListAnswer.answerOf(pocket), undefined);
  const c = yesNoAnswer.check({ residue, kind: 'salt bridge', makes: 'Yes' });
  assert.ok(!c.ok && /^truth is not of answer kind 'yesno': makes: /.test(c.problem), JSON.stringify(c));
  assert.equal(RecordTruthSchema.safeParse(listed).success, true);
});

test('residue lists: the strict reader names what is not a residue; the reply reader finds residues in free text', () => {
  assert.deepEqual([...readTruthResidues('ARG 221 A; asp 227A _')], ['ARG 221 A', 'ASP 227A _']);
  assert.equal(readTruthResidues('none').size, 0);
  assert.throws(() => readTruthResidues('ARG 221; ASP 227A _'), /'ARG 221' is not a residue as 'NAME NUMBER CHAIN'/);
  assert.throws(() => readTruthResidues('ARG 221 NH2 A, O22'), /is not a residue/);
  assert.deepEqual([...readReplyResidues('I see ASP 227A _ and arg 221 A.')], ['ASP 227A _', 'ARG 221 A']);
});
