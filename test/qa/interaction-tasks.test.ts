// The opt-in interaction tasks (interaction_kind, pocket_interactions) on the first 20 complexes
// of ../shared: an interaction_kind `Yes` has the kind asked, its `No` partner (same residue
// name, within 0.15 A of its distance) has not; a
// pocket_interactions answer lists exactly the residues of its kind; the nine stay the default
// task list and `interactions` names the two; the residue-set scorer scores by F1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { residueIdText } from '../../qa/bond-atoms.ts';
import { complexGenerator } from '../../qa/complex-generator.ts';
import { residueLigandDistance } from '../../qa/residue-questions.ts';
import { defaultTasks, taskSet } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { interactionsOf, KIND_WORDS, kindQuestions, kindsByResidue } from '../../qa/tasks/interaction-kind.ts';
import { pocketInteractionsScorer, pocketInteractionsTask } from '../../qa/tasks/pocket-interactions.ts';
import { NEEDS_SHARED } from '../shared-structures.ts';
import { sharedWithBonds } from './hbond-complexes.ts';

/** What pocket_interactions' plan holds as its truth, read by its own schema (no cast). */
const PlannedResidues = z.object({
  kind: z.string(),
  residues: z.array(z.object({ name: z.string(), number: z.number(), chain: z.string() })),
});

test('the nine stay the default; the set `interactions` names the two new tasks', () => {
  assert.deepEqual(
    defaultTasks().map((t) => t.id),
    TASKS.map((t) => t.id),
  );
  assert.equal(TASKS.length, 9);
  assert.deepEqual(
    taskSet('interactions')?.map((t) => t.id),
    ['interaction_kind', 'pocket_interactions'],
  );
  assert.equal(taskSet('toString'), undefined);
});

test('interaction_kind: each Yes has the kind, each No lacks it, and every Yes comes with a No of the same name and distance', {
  skip: NEEDS_SHARED,
}, async () => {
  const asked = new Map<string, number>();
  for (const { complex } of await sharedWithBonds()) {
    const kinds = kindsByResidue(complex);
    const qs = kindQuestions(complex, complexGenerator(7, 'interaction_kind', complex.id, 'residues'));
    const words = new Map(Object.entries(KIND_WORDS).map(([k, w]) => [w, k]));
    for (const q of qs) {
      const r = complex.pocket.find((x) => residueIdText(x) === residueIdText(q.residue))!;
      assert.equal(q.name, r.name);
      assert.ok(Math.abs(residueLigandDistance(complex, r) - q.minDistance) < 1e-9);
      const has = kinds.get(residueIdText(q.residue))?.has(words.get(q.kind) as never) ?? false;
      assert.equal(q.answer, has ? 'Yes' : 'No', `${complex.id} ${q.name} ${residueIdText(q.residue)} ${q.kind}`);
      asked.set(`${q.kind} ${q.answer}`, (asked.get(`${q.kind} ${q.answer}`) ?? 0) + 1);
    }
    // Pairs: per kind and name, as many Yes as No, each Yes within 0.15 A of a No.
    for (const q of qs.filter((x) => x.answer === 'Yes')) {
      assert.ok(
        qs.some(
          (n) => n.answer === 'No' && n.kind === q.kind && n.name === q.name && Math.abs(n.minDistance - q.minDistance) <= 0.15 + 1e-9,
        ),
        `${complex.id}: ${q.name} ${q.kind} Yes has its No`,
      );
    }
    assert.equal(qs.filter((x) => x.answer === 'Yes').length, qs.filter((x) => x.answer === 'No').length);
  }
  for (const kind of ['hydrogen bond', 'hydrophobic contact', 'pi-stacking']) assert.ok(asked.get(`${kind} Yes`), `${kind} asked`);
});

test('pocket_interactions: one question per kind present, listing exactly its residues', { skip: NEEDS_SHARED }, async () => {
  let asked = 0;
  for (const subject of await sharedWithBonds()) {
    const n = pocketInteractionsTask.questionCount!(subject, 'train', 10);
    for (let index = 0; index < n; index++) {
      const r = pocketInteractionsTask.plan({ index, subject, style: {} as never } as never);
      assert.ok(r.ok);
      assert.equal(r.plan.truth.kind, 'data');
      const { kind, residues } = PlannedResidues.parse(r.plan.truth.kind === 'data' ? r.plan.truth.value : undefined);
      const want = new Set(
        interactionsOf(subject.complex)
          .filter((i) => i.kind === kind)
          .map((i) => `${i.pocket.residueName} ${i.pocket.residueNumber}${i.pocket.insertionCode} ${i.pocket.chain || '_'}`),
      );
      assert.deepEqual(new Set(r.plan.answer.split('; ')), want);
      assert.equal(residues.length, want.size);
      asked++;
    }
  }
  assert.ok(asked >= 20);
});

test('the residue-set scorer: F1 of the residues named, exact only for the same set', () => {
  const score = pocketInteractionsScorer.prepare({ answer: 'ASP 189 A; TRP 215 A' });
  assert.deepEqual(score('TRP 215 A; ASP 189 A'), { score: 1, exact: true, read: true });
  assert.deepEqual(score('ASP 189 A'), { score: 2 / 3, exact: false, read: true });
  assert.deepEqual(score('ASP 189 A; TRP 215 A; GLY 216 A'), { score: 0.8, exact: false, read: true });
  assert.equal(score('no idea').read, false);
  assert.throws(() => pocketInteractionsScorer.prepare({ answer: '' }));
});
