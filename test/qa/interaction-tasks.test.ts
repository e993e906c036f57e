// The opt-in interaction tasks (interaction_kind, pocket_interactions) on the first 20 complexes
// of ../shared: an interaction_kind `Yes` has the kind asked, its `No` partner (same residue
// name, within 0.15 A of its distance) has not; a pocket_interactions question's candidates
// come in such pairs and its answer is those that make the kind; the nine stay the default
// task list and `interactions` names the two; the candidate scorer scores the share of the
// candidates rightly in or out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { residueIdText } from '../../qa/bond-atoms.ts';
import { complexGenerator } from '../../qa/complex-generator.ts';
import { residueLigandDistance } from '../../qa/residue-questions.ts';
import { defaultTasks, taskSet } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { KIND_WORDS, kindQuestions, kindsByResidue } from '../../qa/tasks/interaction-kind.ts';
import { pocketInteractionsScorer, pocketInteractionsTask } from '../../qa/tasks/pocket-interactions.ts';
import { NEEDS_SHARED } from '../shared-structures.ts';
import { sharedWithBonds } from './hbond-complexes.ts';

/** What pocket_interactions' plan holds as its candidates (params), read by its own schema. */
const PlannedCandidates = z.array(
  z.object({ name: z.string(), number: z.number(), insertionCode: z.string(), chain: z.string(), distance: z.number() }),
);
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

test('pocket_interactions: candidates in pairs of one name within 0.15 A, one making the kind and one not; the answer those that make it', {
  skip: NEEDS_SHARED,
}, async () => {
  let asked = 0;
  let pairs = 0;
  for (const subject of await sharedWithBonds()) {
    const kinds = kindsByResidue(subject.complex);
    const n = pocketInteractionsTask.questionCount!(subject, 'train', 10);
    const answers = new Set<string>();
    for (let index = 0; index < n; index++) {
      const r = pocketInteractionsTask.plan({ index, subject, style: {} as never } as never);
      assert.ok(r.ok);
      assert.equal(r.plan.truth.kind, 'data');
      const { kind, residues } = PlannedResidues.parse(r.plan.truth.kind === 'data' ? r.plan.truth.value : undefined);
      const candidates = PlannedCandidates.parse(r.plan.params.candidates);
      const text = (x: { name: string; number: number; insertionCode: string; chain: string }) =>
        `${x.name} ${x.number}${x.insertionCode} ${x.chain || '_'}`;
      // Each candidate's distance and kinds, from the structure.
      const facts = candidates.map((c) => {
        const res = subject.complex.pocket.find((x) => residueIdText(x) === residueIdText(c))!;
        assert.equal(res.name, c.name);
        assert.ok(Math.abs(residueLigandDistance(subject.complex, res) - c.distance) <= 0.005 + 1e-9);
        return { ...c, makes: kinds.get(residueIdText(c))?.has(kind as never) ?? false };
      });
      const making = facts.filter((f) => f.makes);
      assert.equal(making.length * 2, facts.length, `${subject.complex.id} ${kind}: half the candidates make it`);
      assert.deepEqual(new Set(r.plan.answer.split('; ')), new Set(making.map(text)));
      assert.equal(residues.length, making.length);
      // Per name, as many that make it as not, and each that does has one that does not within 0.15 A (+ rounding).
      for (const m of making) {
        const same = facts.filter((f) => f.name === m.name);
        assert.equal(same.filter((f) => f.makes).length * 2, same.length);
        assert.ok(same.some((f) => !f.makes && Math.abs(f.distance - m.distance) <= 0.15 + 0.01));
        pairs++;
      }
      // The question names every candidate, sorted; no two questions of a complex share an answer.
      assert.equal(r.plan.vars.candidates, facts.map(text).join('; '));
      assert.ok(!answers.has(r.plan.answer));
      answers.add(r.plan.answer);
      asked++;
    }
  }
  assert.ok(asked >= 5 && pairs >= asked, `${asked} questions, ${pairs} pairs`);
});

test('the candidate scorer: the share of the candidates rightly in or out (twice the answer), exact only for the answer', () => {
  // Four candidates, two making the kind: ASP 189 A and TRP 215 A.
  const score = pocketInteractionsScorer.prepare({ answer: 'ASP 189 A; TRP 215 A' });
  assert.deepEqual(score('TRP 215 A; ASP 189 A'), { score: 1, exact: true, read: true });
  // One right in, one wrongly left out; the other two rightly out: 3 of 4.
  assert.deepEqual(score('ASP 189 A'), { score: 0.75, exact: false, read: true });
  // Both right in, one candidate (or other residue) wrongly in: 3 of 4.
  assert.deepEqual(score('ASP 189 A; TRP 215 A; ASP 102 A'), { score: 0.75, exact: false, read: true });
  // None named: right on the two that do not make it, chance.
  assert.deepEqual(score('none'), { score: 0.5, exact: false, read: false });
  // All four named: as good as none.
  assert.equal(score('ASP 189 A; TRP 215 A; ASP 102 A; TRP 60 A').score, 0.5);
  // More wrong than the candidates allow: floored at 0.
  assert.equal(score('GLY 1 A; GLY 2 A; GLY 3 A; GLY 4 A; GLY 5 A').score, 0);
  assert.throws(() => pocketInteractionsScorer.prepare({ answer: '' }));
});
