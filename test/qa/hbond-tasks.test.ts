// The three hydrogen-bond tasks planned on the bundled sample and, when present, on 20
// complexes of ../shared. Every answer is recomputed here from the complex's stored bonds
// (`complex.hbonds`, read raw) and its camera with this file's own arithmetic, never from
// the task code's bookkeeping: residue-ligand positives list exactly their residue's bonds
// and negatives have none; every bonded residue is asked about and the negatives are matched
// to the positives' distances (or, `--negatives stratified`, spread over the distance ranks;
// `paired`, only positives with a bond-free residue within 0.15 A); interaction-location's right option moves the bond centroid to
// within 0.5 A of the screen centre on each axis and no decoy does; pocket-ligand lists all.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planQuestion } from '../../pipeline/generate/plan-question.ts';
import { labelWordsOf } from '../../qa/label-wording.ts';
import { threeViews } from '../../qa/scenes.ts';
import type { PreparedComplex, QuestionPlan, TaskModule } from '../../qa/task.ts';
import { taskById } from '../../qa/task-registry.ts';
import { fillTemplate, loadTemplate } from '../../qa/template.ts';
import { projectEye } from '../../renders/camera.ts';
import { sceneKey } from '../../renders/scene-key.ts';
import { poseScene } from '../../renders/scene-pose.ts';
import { makeStyle } from '../../renders/style.ts';
import type { Complex, HBond, Vec3 } from '../../structures/model.ts';
import { NEEDS_SHARED } from '../shared-structures.ts';
import { sampleWithBonds, sharedWithBonds } from './hbond-complexes.ts';

const style = makeStyle();
const SIX = ['front', 'left', 'top', 'back', 'right', 'bottom'];
const SETS: [string, () => Promise<PreparedComplex[]>, string | false][] = [
  ['sample', sampleWithBonds, false],
  ['shared (20)', sharedWithBonds, NEEDS_SHARED],
];
function eachSet(name: string, fn: (all: PreparedComplex[], t: any) => Promise<void>) {
  for (const [set, load, skip] of SETS) test(`${set}: ${name}`, { skip }, async (t) => fn(await load(), t));
}

type Planned = { subject: PreparedComplex; index: number; plan: QuestionPlan };
function planAll(all: PreparedComplex[], id: string, requested: number, seed = 0, options?: Record<string, string>): Planned[] {
  const task: TaskModule = taskById(id)!;
  const out: Planned[] = [];
  for (const subject of all) {
    const n = task.questionCount ? task.questionCount(subject, 'train', requested, options) : requested;
    for (let index = 0; index < n; index++) {
      // Planned as generate plans (its seeds and slots), at the subject's camera size (scene keys compared across tasks).
      const r = planQuestion(task, subject, 'train', index, {
        seed,
        count: n,
        splitIds: [subject.complex.id],
        complexById: () => subject,
        style,
        options,
        size: subject.camera.width,
      });
      assert.ok(r.ok, `${id} ${subject.complex.id} #${index}: ${r.ok ? '' : r.reason}`);
      assert.doesNotThrow(() =>
        fillTemplate(loadTemplate(task.template), { label_conventions: labelWordsOf(r.plan.images, task.id), ...r.plan.vars }),
      );
      out.push({ subject, index, plan: r.plan });
    }
  }
  return out;
}

// --- this file's own reading of the stored bonds ---
const pocketEnd = (h: HBond) => (h.donorSide === 'pocket' ? h.donor : h.acceptor);
const ligandEnd = (h: HBond) => (h.donorSide === 'pocket' ? h.acceptor : h.donor);
const resKey = (chain: string, n: number, icode: string) => `${chain}|${n}|${icode}`;
const lt = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Distinct (residue, residue atom, ligand atom) bonds of a complex, as tuples. */
function rawPairs(c: Complex) {
  const seen = new Map<string, { chain: string; name: string; number: number; icode: string; atom: string; lig: string }>();
  for (const h of c.hbonds ?? []) {
    const p = pocketEnd(h);
    const l = ligandEnd(h);
    const v = { chain: p.chain, name: p.residueName, number: p.residueNumber, icode: p.insertionCode, atom: p.atomName, lig: l.atomName };
    seen.set(JSON.stringify(v), v);
  }
  return [...seen.values()];
}

function expectedResidueAnswer(c: Complex, chain: string, number: number, icode: string): string {
  const mine = rawPairs(c).filter((p) => resKey(p.chain, p.number, p.icode) === resKey(chain, number, icode));
  if (!mine.length) return 'No';
  mine.sort((a, b) => lt(a.atom, b.atom) || lt(a.lig, b.lig));
  return `Yes: ${mine.map((p) => `${p.name} ${p.atom}, ${p.lig}`).join('; ')}`;
}

function minDistance(c: Complex, atoms: { xyz: Vec3; isHydrogen: boolean }[]): number {
  let best = Infinity;
  for (const a of atoms)
    if (!a.isHydrogen)
      for (const b of c.ligand.atoms)
        if (!b.isHydrogen) {
          best = Math.min(best, Math.sqrt((a.xyz[0] - b.xyz[0]) ** 2 + (a.xyz[1] - b.xyz[1]) ** 2 + (a.xyz[2] - b.xyz[2]) ** 2));
        }
  return best;
}

/** Column-major 4x4 times a point. */
const apply = (m: number[], p: Vec3): Vec3 => [0, 1, 2].map((r) => m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r]) as Vec3;

const quartiles = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return [0, 0.25, 0.5, 0.75, 1].map((f) => s[Math.min(s.length - 1, Math.floor(f * s.length))]?.toFixed(2)).join(' / ');
};

/**
 * The negatives `matched` (window 0.1 A past the nearest gap) or `paired` (tolerance 0.15 A)
 * choose, recomputed from docs/hbond-tasks.md's rule: positives nearest first (ties by key),
 * each taking, among the bond-free residues left within the window, the one whose name the
 * complex's positives most owe, then the least gap, the smaller distance, the key. Returns
 * the keys of the positives asked and of their negatives.
 */
type Res = { key: string; name: string; d: number };
function recomputeMatched(pos: Res[], free: Res[], rule: 'matched' | 'paired'): { asked: string[]; negatives: string[] } {
  const owed = new Map<string, number>();
  for (const p of pos) owed.set(p.name, (owed.get(p.name) ?? 0) + 1);
  const left = free.slice();
  const asked: string[] = [];
  const negatives: string[] = [];
  for (const p of pos.slice().sort((a, b) => a.d - b.d || lt(a.key, b.key))) {
    if (!left.length) break;
    const gap = (f: Res) => Math.abs(f.d - p.d);
    const reach = rule === 'paired' ? 0.15 : Math.min(...left.map(gap)) + 0.1;
    const window = left
      .filter((f) => gap(f) <= reach + 1e-9)
      .sort((a, b) => (owed.get(b.name) ?? 0) - (owed.get(a.name) ?? 0) || gap(a) - gap(b) || a.d - b.d || lt(a.key, b.key));
    if (!window.length) continue;
    asked.push(p.key);
    negatives.push(window[0].key);
    left.splice(left.indexOf(window[0]), 1);
    owed.set(window[0].name, (owed.get(window[0].name) ?? 0) - 1);
  }
  return { asked, negatives };
}

for (const rule of ['matched', 'paired', 'stratified'] as const)
  eachSet(
    `residue_ligand (--negatives ${rule}): six views of the residue subset; bonded residues asked, answers from the stored bonds; negatives ${rule === 'stratified' ? 'spread over distance ranks' : 'matched by distance'}`,
    async (all, t) => {
      const options = { residueFraming: 'subject', negatives: rule };
      const planned = planAll(all, 'residue_ligand', 40, 0, options);
      const dist = { yes: [] as number[], no: [] as number[] };
      for (const subject of all) {
        const c = subject.complex;
        const mine = planned.filter((q) => q.subject === subject);
        const bonded = new Set(rawPairs(c).map((p) => resKey(p.chain, p.number, p.icode)));
        const asked: string[] = [];
        for (const { plan } of mine) {
          assert.equal(plan.images.length, 6);
          const s0 = plan.images[0].subset;
          assert.equal(s0.kind, 'residue');
          if (s0.kind !== 'residue') continue;
          if (rule === 'matched')
            plan.images.forEach((s, i) => {
              assert.deepEqual([s.complex.id, s.view, s.transform.length, s.ligandTransform.length], [c.id, SIX[i], 0, 0]);
              assert.deepEqual(s.subset, s0);
              // Subject framing: one camera for the six views, aimed at the residue + ligand, turning
              // about what is shown; every drawn atom lands inside the frame (pad included) in every view.
              assert.equal(s.camera, plan.images[0].camera);
              assert.notEqual(s.camera, subject.camera);
              assert.equal(s.turnCentre, 'shown');
              const pose = poseScene(s);
              const pad = s.camera.pad * s.camera.width;
              pose.eye.forEach((e, k) => {
                const p = projectEye(s.camera, e);
                assert.ok(
                  p.visible &&
                    p.x >= pad - 0.5 &&
                    p.x <= s.camera.width - pad + 0.5 &&
                    p.y >= pad - 0.5 &&
                    p.y <= s.camera.height - pad + 0.5,
                  `${c.id} ${s.view}: atom ${pose.drawn.atoms[k].atomName} at ${p.x.toFixed(1)}, ${p.y.toFixed(1)} leaves the frame`,
                );
              });
            });
          // The cube is filled: its largest side shows across x or y in some view, where an atom
          // comes within a fifth of the frame of an edge.
          const w = plan.images[0].camera.width;
          if (rule === 'matched') {
            const edge = Math.min(
              ...plan.images.flatMap((s) =>
                poseScene(s)
                  .eye.map((e) => projectEye(s.camera, e))
                  .map((p) => Math.min(p.x, p.y, w - p.x, w - p.y)),
              ),
            );
            assert.ok(edge < w / 5, `${c.id}: the residue and ligand come no nearer than ${edge.toFixed(0)} px to an edge`);
          }
          const key = resKey(s0.chain, s0.number, s0.insertionCode);
          asked.push(key);
          const residue = c.pocket.filter((r) => resKey(r.chain, r.number, r.insertionCode) === key);
          assert.ok(residue.length >= 1, `${c.id}: ${key} is a pocket residue`);
          assert.ok(plan.vars.residue.startsWith(`${residue[0].name} ${s0.number}${s0.insertionCode} `), plan.vars.residue);
          assert.equal(plan.answer, expectedResidueAnswer(c, s0.chain, s0.number, s0.insertionCode), `${c.id} ${key}`);
          assert.match(plan.answer, /^(No|Yes: [A-Z0-9]{1,4} \S+, \S+(; [A-Z0-9]{1,4} \S+, \S+)*)$/);
          assert.equal(plan.answer !== 'No', bonded.has(key));
          dist[plan.answer === 'No' ? 'no' : 'yes'].push(
            minDistance(
              c,
              residue.flatMap((r) => r.atoms),
            ),
          );
        }
        assert.equal(new Set(asked).size, asked.length, `${c.id}: a residue asked twice`);
        const yes = asked.filter((k) => bonded.has(k));
        const no = asked.filter((k) => !bonded.has(k));
        assert.equal(no.length, yes.length, `${c.id}: as many negatives as positives`);
        const keyOf = (r: { chain: string; number: number; insertionCode: string }) => resKey(r.chain, r.number, r.insertionCode);
        const groups = (k: string) => c.pocket.filter((r) => keyOf(r) === k).length;
        const free = c.pocket
          .filter((r) => !bonded.has(keyOf(r)))
          .map((r) => ({ key: keyOf(r), name: r.name, d: minDistance(c, r.atoms) }))
          .sort((a, b) => a.d - b.d || lt(a.key, b.key));
        if (rule === 'stratified') {
          assert.deepEqual(yes.slice().sort(), [...bonded].sort(), `${c.id}: every bonded residue is a positive`);
          // Negatives: one from each of k equal strata of the bond-free residues ranked by distance.
          const ranks = no.map((k) => free.findIndex((f) => f.key === k)).sort((a, b) => a - b);
          ranks.forEach((r, i) => {
            assert.ok(
              r >= Math.floor((i * free.length) / no.length) && r < Math.floor(((i + 1) * free.length) / no.length),
              `${c.id}: negative ${i} has rank ${r} of ${free.length}`,
            );
          });
        } else {
          // A positive's distance is that of the first pocket group with its key; a key two groups share is never a negative.
          const pos = [...bonded].map((k) => {
            const r = c.pocket.find((x) => keyOf(x) === k)!;
            return { key: k, name: r.name, d: minDistance(c, r.atoms) };
          });
          const expected = recomputeMatched(
            pos,
            free.filter((f) => groups(f.key) === 1),
            rule,
          );
          if (rule === 'matched') assert.deepEqual(yes.slice().sort(), [...bonded].sort(), `${c.id}: every bonded residue is a positive`);
          assert.deepEqual(yes.slice().sort(), expected.asked.slice().sort(), `${c.id}: the positives asked`);
          assert.deepEqual(no.slice().sort(), expected.negatives.slice().sort(), `${c.id}: the matched negatives`);
        }
      }
      // Alternating order: any smaller count stays balanced within one.
      for (const { plan, index } of planAll(all, 'residue_ligand', 3, 0, options)) assert.equal(plan.answer === 'No', index % 2 === 1);
      t.diagnostic(
        `least residue-ligand heavy-atom distance (min / q1 / median / q3 / max, A): positives (${dist.yes.length}) ${quartiles(dist.yes)}; negatives (${dist.no.length}) ${quartiles(dist.no)}`,
      );
    },
  );

eachSet(
  'interaction_location: one question per bond up to 3, the true move centres the bond centroid within 0.5 A, no decoy does',
  async (all, t) => {
    const letters: Record<string, number> = { A: 0, B: 0, C: 0, D: 0 };
    const planned = planAll(all, 'interaction_location', 3);
    for (const subject of all) {
      const c = subject.complex;
      const pairs = rawPairs(c);
      const mine = planned.filter((q) => q.subject === subject);
      assert.equal(mine.length, Math.min(3, pairs.length), c.id);
      const named = new Set<string>();
      for (const { plan } of mine) {
        assert.deepEqual(
          plan.images.map((s) => [s.subset.kind, s.view, s.transform.length, s.ligandTransform.length]),
          SIX.map((v) => ['full', v, 0, 0]),
        );
        const m = /^atom (\S+) of residue (\S+) (-?\d+)([A-Za-z]?) \((?:chain (\S+)|no chain id)\) and ligand atom (\S+)$/.exec(
          plan.vars.bond,
        );
        assert.ok(m, plan.vars.bond);
        const [, atom, name, num, icode, chain = '', lig] = m;
        const bond = pairs.find(
          (p) => p.atom === atom && p.name === name && p.number === Number(num) && p.icode === icode && p.chain === chain && p.lig === lig,
        );
        assert.ok(bond, `${c.id}: '${plan.vars.bond}' is a stored bond`);
        assert.ok(!named.has(plan.vars.bond), `${c.id}: bond named twice`);
        named.add(plan.vars.bond);
        const pa = c.pocket
          .find((r) => r.chain === chain && r.number === Number(num) && r.insertionCode === icode && r.name === name)!
          .atoms.find((a) => a.name === atom)!;
        const la = c.ligand.atoms.find((a) => a.name === lig)!;
        const ea = apply(subject.camera.view, pa.xyz);
        const eb = apply(subject.camera.view, la.xyz);
        const centroid = [(ea[0] + eb[0]) / 2, (ea[1] + eb[1]) / 2];
        assert.equal(plan.truth.kind, 'letter');
        if (plan.truth.kind !== 'letter') continue;
        const texts = ['A', 'B', 'C', 'D'].map((l) => plan.vars[`option${l}`]);
        assert.equal(new Set(texts).size, 4, `${c.id}: four distinct options ${texts.join(' | ')}`);
        // Anchored options (the default): each decoy one step from the hidden anchor, which is one step from the truth.
        assert.ok(
          plan.truth.options
            .filter((o) => o.scheme !== 'truth')
            .every((o) => /^anchor:x_(sign|shift|stay)_y_(sign|shift|stay)$/.test(o.scheme)),
          plan.truth.options.map((o) => o.scheme).join(' '),
        );
        texts.forEach((text, i) => {
          const mm = /^move x (-?\d+), move y (-?\d+)$/.exec(text);
          assert.ok(mm, text);
          const off = [centroid[0] + Number(mm[1]), centroid[1] + Number(mm[2])];
          const centred = Math.abs(off[0]) <= 0.5 + 1e-9 && Math.abs(off[1]) <= 0.5 + 1e-9;
          assert.equal(
            centred,
            'ABCD'[i] === plan.answer,
            `${c.id} ${plan.vars.bond}: option ${'ABCD'[i]} '${text}' leaves the centroid at (${off[0].toFixed(2)}, ${off[1].toFixed(2)}) A`,
          );
        });
        letters[plan.answer]++;
      }
    }
    t.diagnostic(`correct letters: ${JSON.stringify(letters)}`);
    const total = Object.values(letters).reduce((a, b) => a + b, 0);
    if (total >= 40) for (const [l, n] of Object.entries(letters)) assert.ok(n >= total / 8, `letter ${l} only ${n} of ${total}`);
  },
);

eachSet(
  'pocket_ligand: one question per complex with a bond, the full canonical list; the six full views share scene keys with the other tasks',
  async (all) => {
    const planned = planAll(all, 'pocket_ligand', 1);
    const located = planAll(all, 'interaction_location', 1);
    const translation = planAll(all, 'translation', 1);
    for (const subject of all) {
      const c = subject.complex;
      const pairs = rawPairs(c).sort(
        (a, b) => lt(a.chain, b.chain) || a.number - b.number || lt(a.icode, b.icode) || lt(a.atom, b.atom) || lt(a.lig, b.lig),
      );
      const mine = planned.filter((q) => q.subject === subject);
      assert.equal(mine.length, pairs.length ? 1 : 0, c.id);
      if (!mine.length) continue;
      const { plan } = mine[0];
      assert.equal(plan.answer, pairs.map((p) => `${p.name} ${p.number}${p.icode} ${p.atom} ${p.chain || '_'}, ${p.lig}`).join('; '));
      const keys = plan.images.map((s) => sceneKey(s));
      assert.equal(new Set(keys).size, 6);
      assert.deepEqual(
        located.find((q) => q.subject === subject)!.plan.images.map((s) => sceneKey(s)),
        keys,
      );
      assert.deepEqual(
        translation
          .find((q) => q.subject === subject)!
          .plan.images.slice(0, 3)
          .map((s) => sceneKey(s)),
        keys.slice(0, 3),
      );
      assert.deepEqual(
        threeViews(subject, style).map((s) => sceneKey(s)),
        keys.slice(0, 3),
      );
    }
  },
);

test('a complex without bonds yields no H-bond questions', async () => {
  const [first] = await sampleWithBonds();
  const bare: PreparedComplex = { complex: { ...first.complex, hbonds: [] }, camera: first.camera };
  for (const id of ['residue_ligand', 'interaction_location', 'pocket_ligand'])
    assert.equal(taskById(id)!.questionCount!(bare, 'test', 40), 0, id);
});
